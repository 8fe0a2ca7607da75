// /{workspace}/projects/{projectId}/executables/{executableId}/*: checks the executable exists before its loading placeholder streams, so a missing one answers 404.
import type { ReactNode } from 'react';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { loadExecutable } from './_components/data';

export default async function ExecutableLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string; projectId: string; executableId: string }>;
}) {
  const { workspace: slug, projectId, executableId } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  await loadExecutable(workspace.id, project.id, executableId);
  return children;
}
