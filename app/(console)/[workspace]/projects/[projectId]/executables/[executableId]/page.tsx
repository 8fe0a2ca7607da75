// /{workspace}/projects/{projectId}/executables/{executableId}?tab= — one executable: its header (lifecycle, health,
// Run now / Simulate) over four tabs: Runs & health (executions, latency, incidents), Settings (the forms: trigger,
// function, profile and gas, secrets, and the details), Storage, Alerts & webhooks. The tab lives in the URL.
// Each section reads what it shows and streams in on its own (_components/).

import type { Metadata } from 'next';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { loadExecutable, type SectionProps } from './_components/data';
import { ExecutableTabs } from './_components/executable-tabs';
import { ExecutableHeader } from './_components/header';
import { AlertsTab, RunsTab, SettingsTab, StorageTab } from './_components/tab-panels';
import { executableTab } from './_components/tabs';

export const metadata: Metadata = { title: 'Executable' };

const PANELS = { runs: RunsTab, settings: SettingsTab, storage: StorageTab, alerts: AlertsTab } as const;

export default async function ExecutablePage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string; projectId: string; executableId: string }>;
  searchParams: Promise<{ tab?: string | string[] }>;
}) {
  const { workspace: slug, projectId, executableId } = await params;
  const tab = executableTab((await searchParams).tab);
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const executable = await loadExecutable(workspace.id, project.id, executableId);
  const ids = {
    workspaceSlug: slug,
    projectId: project.id,
    executableId: executable.id,
    profileId: executable.profileId,
  };
  const section: SectionProps = { ids, workspaceId: workspace.id, executable, canMutate };
  const Panel = PANELS[tab];

  return (
    <div className="grid grid-cols-1 gap-6">
      <ExecutableHeader {...section} />
      <ExecutableTabs base={`/${slug}/projects/${project.id}/executables/${executable.id}`} active={tab} />
      <Panel {...section} />
    </div>
  );
}
