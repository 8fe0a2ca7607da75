import { ADHERENCE_TOLERANCE_MS, type LatencyByWindow, type LatencyWindow } from '@/lib/executions/latency';
import { adherenceCount, adherenceText, percentilesText, runsCount } from '@/lib/executions/latency-format';

const TITLES: Record<LatencyWindow, string> = { '24h': 'Last 24 hours', '7d': 'Last 7 days' };

/**
 * p50 / p95 of trigger → confirmed and the schedule adherence of one executable, per window, each with the
 * count it was taken over ("—" when there is nothing to measure).
 */
export function LatencyFigures({ windows }: { windows: LatencyByWindow }) {
  return (
    <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="latency-figures">
      {(Object.keys(TITLES) as LatencyWindow[]).map((w) => {
        const f = windows[w];
        return (
          <div key={w} className="grid gap-3 rounded-md border p-4" data-testid={`latency-${w}`}>
            <p className="font-medium text-sm">{TITLES[w]}</p>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">Trigger → confirmed, p50 / p95</dt>
              <dd className="font-semibold tabular-nums" data-testid={`latency-${w}-confirmed`}>
                {percentilesText(f.confirmed)}
              </dd>
              <dd className="text-muted-foreground text-xs" data-testid={`latency-${w}-confirmed-count`}>
                {runsCount(f.confirmed.count, 'confirmed')} · start p50 / p95 {percentilesText(f.start)}
              </dd>
            </div>
            <div className="grid gap-0.5">
              <dt className="text-muted-foreground text-xs">
                Schedule adherence (started within {ADHERENCE_TOLERANCE_MS / 1000} s)
              </dt>
              <dd className="font-semibold tabular-nums" data-testid={`latency-${w}-adherence`}>
                {adherenceText(f.adherence)}
              </dd>
              <dd className="text-muted-foreground text-xs" data-testid={`latency-${w}-adherence-count`}>
                {adherenceCount(f.adherence)}
              </dd>
            </div>
          </div>
        );
      })}
    </dl>
  );
}
