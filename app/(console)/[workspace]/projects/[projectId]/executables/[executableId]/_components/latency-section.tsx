import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { getDb } from '@/db/client';
import { executableLatency, RECENT_RUNS, recentRuns } from '@/lib/executions/latency';
import { LatencyFigures } from '../../_components/latency-figures';
import { RunTimeline } from '../../_components/run-timeline';
import type { SectionProps } from './data';

/** Trigger → confirmed latency over 24 h and 7 d, on-time starts, and the timeline of the latest runs. */
export async function LatencySection({ ids, workspaceId, executable }: SectionProps) {
  const now = new Date();
  const [latency, timeline] = await Promise.all([
    executableLatency(getDb(), workspaceId, executable.id, now),
    recentRuns(getDb(), workspaceId, executable.id),
  ]);
  return (
    <Card>
      <CardHeader>
        <CardTitle>Latency</CardTitle>
        <CardDescription>
          From trigger (the due time of a scheduled run, the call of a webhook or Run now) to the confirmed
          transaction, and the share of scheduled runs that started on time.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6 px-0 pb-0">
        <div className="px-6">
          <LatencyFigures windows={latency} />
        </div>
        {timeline.length === 0 ? (
          <p className="px-6 pb-6 text-muted-foreground text-sm" data-testid="run-timeline-empty">
            No runs yet: the timeline shows the latest {RECENT_RUNS} once there are some.
          </p>
        ) : (
          <RunTimeline
            workspaceSlug={ids.workspaceSlug}
            projectId={ids.projectId}
            runs={timeline}
            now={now.getTime()}
          />
        )}
      </CardContent>
    </Card>
  );
}
