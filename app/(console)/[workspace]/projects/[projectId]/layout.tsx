// /{workspace}/projects/{projectId}/* — the project's header (breadcrumb, name, edit, delete) and its tabs.
import { ChevronRight } from 'lucide-react';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { WorkspaceComputeUnitsAlert } from '../../_components/compute-units-alert';
import { DeleteProjectDialog } from './_components/delete-project-dialog';
import { EditProjectDialog } from './_components/edit-project-dialog';
import { ProjectTabs } from './_components/project-tabs';
import { loadProject } from './_lib/project';

export default async function ProjectLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);

  return (
    <>
      <PageHeader
        eyebrow={
          <span className="flex items-center gap-1.5">
            <Link href={`/${slug}/projects`} className="transition-colors hover:text-foreground">
              Projects
            </Link>
            <ChevronRight className="size-3.5" />
            <span className="font-mono text-xs">{project.slug}</span>
          </span>
        }
        title={project.name}
        description={project.description || undefined}
        actions={
          canMutate && (
            <>
              <EditProjectDialog
                workspaceSlug={slug}
                project={{ id: project.id, name: project.name, description: project.description ?? '' }}
              />
              <DeleteProjectDialog workspaceSlug={slug} project={{ id: project.id, name: project.name }} />
            </>
          )
        }
      />
      <WorkspaceComputeUnitsAlert slug={slug} workspaceId={workspace.id} />
      <ProjectTabs base={`/${slug}/projects/${project.id}`} />
      {children}
    </>
  );
}
