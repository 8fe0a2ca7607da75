// /{workspace}/projects — the workspace's projects.
import { ArrowUpRight, FolderKanban } from 'lucide-react';
import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate } from '@/lib/console/format';
import { listProjects } from '@/lib/projects/service';
import { gettingStartedCookie, gettingStartedProgress } from '@/lib/workspaces/getting-started';
import { WorkspaceComputeUnitsAlert } from '../_components/compute-units-alert';
import { CreateProjectDialog } from './_components/create-project-dialog';
import { EnvironmentBadge } from './_components/environment-badge';
import { GettingStarted } from './_components/getting-started';

export const metadata: Metadata = { title: 'Projects' };

export default async function ProjectsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const [projects, progress, cookieStore] = await Promise.all([
    listProjects(getDb(), workspace.id),
    gettingStartedProgress(getDb(), workspace.id),
    cookies(),
  ]);
  const showGettingStarted = !cookieStore.has(gettingStartedCookie(workspace.id));

  return (
    <>
      <PageHeader
        title="Projects"
        description="Projects group your functions, executables, profiles and secrets. Development and production live apart."
        actions={canMutate && projects.length > 0 && <CreateProjectDialog workspaceSlug={slug} />}
      />
      <WorkspaceComputeUnitsAlert slug={slug} workspaceId={workspace.id} />
      {showGettingStarted && (
        <GettingStarted workspaceSlug={slug} projectId={projects[0]?.id} done={progress} />
      )}
      {projects.length === 0 ? (
        <Card>
          <EmptyState
            icon={FolderKanban}
            title="Create your first project"
            description="A project holds the tasks you automate and the secrets they use."
            action={canMutate ? <CreateProjectDialog workspaceSlug={slug} /> : undefined}
          />
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {projects.map((p) => (
            <li key={p.id}>
              <Link
                href={`/${slug}/projects/${p.id}`}
                className="group flex h-full flex-col rounded-xl border bg-card p-5 shadow-[0_1px_2px_rgb(0_0_0/0.04)] transition-all hover:-translate-y-px hover:border-primary/30 hover:shadow-md"
              >
                <div className="flex items-start justify-between gap-3">
                  <div className="min-w-0">
                    <h2 className="truncate font-semibold">{p.name}</h2>
                    <p className="truncate font-mono text-muted-foreground text-xs">{p.slug}</p>
                  </div>
                  <ArrowUpRight className="size-4 shrink-0 text-muted-foreground opacity-0 transition-opacity group-hover:opacity-100" />
                </div>
                <p className="mt-3 line-clamp-2 flex-1 text-muted-foreground text-sm">
                  {p.description || <span className="italic opacity-70">No description</span>}
                </p>
                <div className="mt-5 flex items-center justify-between">
                  <EnvironmentBadge environment={p.environment} />
                  <Badge variant="secondary" className="bg-transparent px-0 font-normal">
                    Created {formatDate(p.createdAt)}
                  </Badge>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
