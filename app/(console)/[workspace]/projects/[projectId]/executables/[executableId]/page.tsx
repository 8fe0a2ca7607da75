// /{workspace}/projects/{projectId}/executables/{executableId} — one executable: lifecycle, schedule, args,
// function switch, storage, webhook URLs, Run now / Simulate, its latest executions, alert rules and incidents.
// Each section reads what it shows and streams in on its own (_components/).

import type { Metadata } from 'next';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { AlertRulesSection, IncidentsSection } from './_components/alerts-section';
import { loadExecutable, type SectionProps } from './_components/data';
import { Deferred } from './_components/deferred';
import { DetailsSection } from './_components/details-section';
import { ExecutionsSection } from './_components/executions-section';
import { FunctionSection } from './_components/function-section';
import { ExecutableHeader } from './_components/header';
import { LatencySection } from './_components/latency-section';
import { ProfileGasSection } from './_components/profile-gas-section';
import { SecretsSection } from './_components/secrets-section';
import { StorageSection } from './_components/storage-section';
import { TriggerSection } from './_components/trigger-section';
import { WebhooksSection } from './_components/webhooks-section';

export const metadata: Metadata = { title: 'Executable' };

export default async function ExecutablePage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string; executableId: string }>;
}) {
  const { workspace: slug, projectId, executableId } = await params;
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

  return (
    <div className="grid grid-cols-1 gap-6">
      <ExecutableHeader {...section} />
      <Deferred>
        <ExecutionsSection {...section} />
      </Deferred>
      <Deferred>
        <LatencySection {...section} />
      </Deferred>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_320px]">
        <div className="grid grid-cols-1 gap-6 self-start">
          <TriggerSection {...section} />
          <FunctionSection {...section} />
          <ProfileGasSection {...section} />
          <SecretsSection {...section} />
          <Deferred>
            <StorageSection {...section} />
          </Deferred>
        </div>
        <div className="grid grid-cols-1 gap-6 self-start">
          <DetailsSection {...section} />
          <Deferred>
            <WebhooksSection {...section} />
          </Deferred>
        </div>
      </div>
      <Deferred>
        <AlertRulesSection {...section} />
      </Deferred>
      <Deferred>
        <IncidentsSection {...section} />
      </Deferred>
    </div>
  );
}
