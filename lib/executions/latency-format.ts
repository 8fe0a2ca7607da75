import { formatDuration } from '@/lib/console/format';
import type { Adherence, Percentiles } from './latency';

/** A span in ms, or "—" when there is none. */
export const spanText = (ms: number | null) => (ms === null ? '—' : formatDuration(ms));

/** "1.2 s / 3.4 s" (p50 / p95), or "—" without runs. */
export const percentilesText = (p: Percentiles) =>
  p.count === 0 ? '—' : `${spanText(p.p50Ms)} / ${spanText(p.p95Ms)}`;

/** "98.5 %", or "—" when no scheduled run was due. */
export const adherenceText = (a: Adherence) =>
  a.ratio === null ? '—' : `${(Math.floor(a.ratio * 1000) / 10).toFixed(1)} %`;

/** "6 of 7 on time" / "no scheduled runs". */
export const adherenceCount = (a: Adherence) =>
  a.due === 0 ? 'no scheduled runs due' : `${a.onTime} of ${a.due} on time`;

export const runsCount = (n: number, what: string) => `${n} ${what} run${n === 1 ? '' : 's'}`;
