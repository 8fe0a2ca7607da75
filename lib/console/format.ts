/** Display helpers shared by console pages. */

export const shortAddress = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/** "0x1234ab…90cdef12": a transaction hash short enough for a table cell. */
export const shortHash = (hash: string) => `${hash.slice(0, 8)}…${hash.slice(-6)}`;

const numberFormat = new Intl.NumberFormat('en-US');
export const formatNumber = (n: number) => numberFormat.format(n);

// Four decimals, or three significant digits where four decimals would show nothing (a fee of 0.000021).
const amountFormat = new Intl.NumberFormat('en-US', {
  maximumFractionDigits: 4,
  maximumSignificantDigits: 3,
  roundingPriority: 'morePrecision',
});
/** "9.9999", "0.000021", "1,000": an exact decimal string (viem's formatUnits) to a sensible precision. */
export const formatAmount = (exact: string) => amountFormat.format(exact as Intl.StringNumericLiteral);

const compactFormat = new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 });
export const formatCompact = (n: number) => compactFormat.format(n);

/** "812 B", "4.2 KB", "1.3 MB" (binary multiples, like the bundle limits). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
export const formatDate = (d: Date | string) => dateFormat.format(new Date(d));

const utcFormat = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  // h23, not hour12: false: some ICU builds read that as h24 and print midnight as "24:03"
  hourCycle: 'h23',
  timeZone: 'UTC',
});
/** "Nov 22, 14:05:09 UTC": an exact moment, to the second. */
export const formatUtc = (d: Date | string) => `${utcFormat.format(new Date(d))} UTC`;

/** "840 ms", "3.2 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 hours ago", "just now". */
export function formatRelative(d: Date | string, now = new Date()): string {
  const seconds = (new Date(d).getTime() - now.getTime()) / 1000;
  for (const [unit, size] of units) {
    if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  }
  return 'just now';
}

/** A stable hue per string, for avatars. */
export function hueOf(text: string): number {
  let hash = 0;
  for (const ch of text) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return hash % 360;
}

const RUNNER_LABELS: Record<string, string> = {
  isolate: 'local isolate runner',
  gvisor: 'gVisor runner',
  daytona: 'Daytona runner',
};

/** A sandbox runner (lib/runtime/runners), as the console names it. */
export const runnerLabel = (runner: string) => RUNNER_LABELS[runner] ?? `${runner} runner`;
