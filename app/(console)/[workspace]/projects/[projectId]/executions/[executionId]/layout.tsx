// /{workspace}/projects/{projectId}/executions/{executionId}/*: checks the execution exists before its loading placeholder streams, so a missing one answers 404.
import type { ReactNode } from 'react';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { loadExecution } from './_lib/execution';

export default async function ExecutionLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string; projectId: string; executionId: string }>;
}) {
  const { workspace: slug, projectId, executionId } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  await loadExecution(workspace.id, project.id, executionId);
  return children;
}
