import { getDb } from '@/db/client';
import { incidentDeliveries } from '@/lib/alerts/channels/service';
import { listIncidents } from '@/lib/alerts/incidents';
import { executableRuleViews, ruleChannelOptions } from '@/lib/alerts/rule-views';
import { AlertRulesCard } from '../../../alerts/_components/alert-rules-card';
import { IncidentsCard } from '../../../alerts/_components/incidents-card';
import type { SectionProps } from './data';

/** The alert rules in force for the executable (its own or the project's defaults), editable by owners and admins. */
export async function AlertRulesSection({ ids, workspaceId, executable, canMutate }: SectionProps) {
  const [rules, channels] = await Promise.all([
    executableRuleViews(getDb(), workspaceId, executable.id),
    ruleChannelOptions(getDb(), ids.projectId),
  ]);
  return (
    <AlertRulesCard
      workspaceSlug={ids.workspaceSlug}
      projectId={ids.projectId}
      executableId={executable.id}
      rules={rules}
      channels={channels}
      canMutate={canMutate}
    />
  );
}

/** The executable's open and recent incidents, with the notifications each sent. */
export async function IncidentsSection({ ids, workspaceId, executable }: SectionProps) {
  const incidents = await listIncidents(getDb(), workspaceId, {
    projectId: ids.projectId,
    executableId: executable.id,
    limit: 20,
  });
  const notifications = await incidentDeliveries(
    getDb(),
    workspaceId,
    incidents.map((i) => i.id),
  );
  return (
    <IncidentsCard
      incidents={incidents}
      notifications={notifications}
      channelsHref={`/${ids.workspaceSlug}/projects/${ids.projectId}/notifications`}
      description="Open and recent incidents of this executable."
    />
  );
}
