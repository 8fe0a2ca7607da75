import { cn } from '@/lib/cn';
import { hueOf } from '@/lib/console/format';

/** A deterministic gradient disc for an address or a name. */
export function Avatar({ seed, className }: { seed: string; className?: string }) {
  const hue = hueOf(seed.toLowerCase());
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block size-7 shrink-0 rounded-full ring-1 ring-white/15', className)}
      style={{
        background: `conic-gradient(from ${hue}deg, hsl(${hue} 80% 60%), hsl(${(hue + 120) % 360} 75% 55%), hsl(${(hue + 240) % 360} 80% 60%), hsl(${hue} 80% 60%))`,
      }}
    />
  );
}
