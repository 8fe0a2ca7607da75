import { cn } from '@/lib/cn';

/** The Tickwork mark: a clock face whose hand is a tick. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex size-8 items-center justify-center rounded-lg bg-gradient-to-br from-indigo-500 to-violet-600 shadow-[inset_0_1px_0_rgb(255_255_255/0.25),0_1px_3px_rgb(79_70_229/0.4)]',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" fill="none" className="size-[62%]" aria-hidden="true">
        <circle cx="12" cy="12" r="8.25" stroke="white" strokeOpacity="0.55" strokeWidth="2" />
        <path
          d="M8.5 12.25 11 14.75 16 9"
          stroke="white"
          strokeWidth="2.4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </span>
  );
}

export function Logo({ className, tone = 'dark' }: { className?: string; tone?: 'dark' | 'light' }) {
  return (
    <span className={cn('inline-flex items-center gap-2.5', className)}>
      <LogoMark />
      <span
        className={cn(
          'font-semibold text-[17px] tracking-tight',
          tone === 'light' ? 'text-white' : 'text-foreground',
        )}
      >
        Tickwork
      </span>
    </span>
  );
}
