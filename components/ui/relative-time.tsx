import { formatRelative, formatUtc } from '@/lib/console/format';

/** "3 minutes ago", with the exact UTC moment on hover. */
export function RelativeTime({ value, className }: { value: Date | string; className?: string }) {
  const date = new Date(value);
  return (
    <time
      dateTime={date.toISOString()}
      title={formatUtc(date)}
      className={className}
      suppressHydrationWarning
    >
      {formatRelative(date)}
    </time>
  );
}
