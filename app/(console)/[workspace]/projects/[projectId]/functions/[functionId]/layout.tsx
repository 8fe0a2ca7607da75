// /{workspace}/projects/{projectId}/functions/{functionId}/*: checks the release exists before its loading placeholder streams, so a missing one answers 404.
import type { ReactNode } from 'react';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { loadProject } from '../../_lib/project';
import { loadRelease } from './_lib/release';

export default async function ReleaseLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string; projectId: string; functionId: string }>;
}) {
  const { workspace: slug, projectId, functionId } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  await loadRelease(workspace.id, project.id, functionId);
  return children;
}
