import { cn } from '@/lib/cn';

const TONES: Record<string, string> = {
  GET: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/20',
  POST: 'bg-sky-500/12 text-sky-700 ring-sky-600/20',
  PUT: 'bg-violet-500/12 text-violet-700 ring-violet-600/20',
  PATCH: 'bg-amber-500/15 text-amber-700 ring-amber-600/25',
  DELETE: 'bg-rose-500/12 text-rose-700 ring-rose-600/20',
};

export function MethodBadge({ method, className }: { method: string; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex w-16 shrink-0 justify-center rounded-md px-1.5 py-0.5 font-mono font-semibold text-[11px] ring-1 ring-inset',
        TONES[method] ?? 'bg-muted text-muted-foreground ring-border',
        className,
      )}
    >
      {method}
    </span>
  );
}
