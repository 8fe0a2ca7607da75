import { cn } from '@/lib/cn';

/** A horizontal meter; turns amber past 80 % and red past 100 %. */
export function Progress({ value, max, className }: { value: number; max: number; className?: string }) {
  const ratio = max > 0 ? value / max : 0;
  const width = `${Math.min(ratio, 1) * 100}%`;
  const tone = ratio > 1 ? 'bg-destructive' : ratio > 0.8 ? 'bg-warning' : 'bg-primary';
  return (
    <div
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={max}
      aria-valuenow={value}
      className={cn('h-2 w-full overflow-hidden rounded-full bg-muted', className)}
    >
      <div className={cn('h-full rounded-full transition-all', tone)} style={{ width }} />
    </div>
  );
}
