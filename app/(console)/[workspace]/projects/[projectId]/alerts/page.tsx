// /{workspace}/projects/{projectId}/alerts — the project's default alert rules and its incidents.

import type { Metadata } from 'next';
import { getDb } from '@/db/client';
import { incidentDeliveries } from '@/lib/alerts/channels/service';
import { listIncidents } from '@/lib/alerts/incidents';
import { defaultRuleViews, ruleChannelOptions } from '@/lib/alerts/rule-views';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../_lib/project';
import { AlertRulesCard } from './_components/alert-rules-card';
import { IncidentsCard } from './_components/incidents-card';

export const metadata: Metadata = { title: 'Alerts' };

export default async function ProjectAlertsPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const [rules, channels, incidents] = await Promise.all([
    defaultRuleViews(getDb(), workspace.id, project.id),
    ruleChannelOptions(getDb(), project.id),
    listIncidents(getDb(), workspace.id, { projectId: project.id, limit: 50 }),
  ]);
  const notifications = await incidentDeliveries(
    getDb(),
    workspace.id,
    incidents.map((i) => i.id),
  );
  return (
    <div className="grid grid-cols-1 gap-6">
      <AlertRulesCard
        workspaceSlug={slug}
        projectId={project.id}
        executableId={null}
        rules={rules}
        channels={channels}
        canMutate={canMutate}
      />
      <IncidentsCard
        incidents={incidents}
        notifications={notifications}
        channelsHref={`/${slug}/projects/${project.id}/notifications`}
        description="The project's open and recent incidents, newest first."
      />
    </div>
  );
}
