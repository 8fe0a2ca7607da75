import { cn } from '@/lib/cn';

/**
 * An opaque string (an ID, an address, a checksum) on one line: where it does not fit, the middle gives way to
 * an ellipsis and the tail stays readable. The whole value is its text (copy, search) and its title.
 */
export function MiddleTruncate({
  value,
  tail = 6,
  className,
  ...props
}: { value: string; tail?: number; className?: string } & Record<`data-${string}`, string>) {
  return (
    <code className={cn('flex min-w-0 font-mono', className)} title={value} {...props}>
      <span className="truncate">{value.slice(0, -tail)}</span>
      <span className="shrink-0">{value.slice(-tail)}</span>
    </code>
  );
}
