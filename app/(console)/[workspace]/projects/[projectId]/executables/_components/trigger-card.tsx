import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { Trigger } from '@/db/schema/executables';
import { chainOptions } from './chain-options';
import type { ExecutableIds } from './ids';
import { triggerSummary } from './schedule';
import { TriggerForm } from './trigger-form';

const DESCRIPTION: Record<Trigger['type'], string> = {
  cron: 'Cron expressions are evaluated in UTC.',
  interval:
    'An interval counts from when it was scheduled (activation, resume or a trigger change), not from the last run.',
  event:
    'Runs once per matching log, once it has its confirmations; a reorg never runs a log twice (docs/triggers.md).',
  block: 'Runs for every N-th block, once it has its confirmations.',
};

/** The executable page's Trigger card: its form (owners and admins), else the trigger's summary. */
export function TriggerCard({
  ids,
  trigger,
  nextRunAt,
  profileChainId,
  canMutate,
  version,
}: {
  ids: ExecutableIds;
  trigger: Trigger;
  nextRunAt: string | null;
  profileChainId: number | null;
  canMutate: boolean;
  version: string;
}) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Trigger</CardTitle>
        <CardDescription>{DESCRIPTION[trigger.type]}</CardDescription>
      </CardHeader>
      <CardContent>
        {canMutate ? (
          <TriggerForm
            key={`t-${version}`}
            ids={ids}
            trigger={trigger}
            nextRunAt={nextRunAt}
            chain={{ workspaceSlug: ids.workspaceSlug, chains: chainOptions(), profileChainId }}
          />
        ) : (
          <code className="font-mono text-sm">{triggerSummary(trigger)}</code>
        )}
      </CardContent>
    </Card>
  );
}
