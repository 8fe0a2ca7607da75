// /{workspace}/projects/{projectId}/functions — the project's function releases, grouped by name.
import { Boxes } from 'lucide-react';
import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { listReleases } from '@/lib/functions/service';
import { FUNCTION_TEMPLATES } from '@/lib/functions/templates';
import { listProjects } from '@/lib/projects/service';
import { planAllowances } from '@/lib/usage/allowances';
import { PLANS } from '@/lib/usage/plans';
import { PlanAllowanceNote } from '../../../_components/plan-allowance-note';
import { loadProject } from '../_lib/project';
import { type Release, ReleaseGroup } from './_components/release-group';
import { TemplateDialog } from './_components/template-dialog';
import { TemplateGallery } from './_components/template-gallery';
import { UploadReleaseDialog } from './_components/upload-release-dialog';

export const metadata: Metadata = { title: 'Functions' };

/** Every active release of the project, newest first (the list is paged; a project holds few). */
async function allReleases(workspaceId: string, projectId: string): Promise<Release[]> {
  const releases: Release[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 25; page++) {
    const result = await listReleases(getDb(), workspaceId, { projectId, limit: 200, cursor });
    releases.push(...result.data);
    if (result.pagination.isDone) break;
    cursor = result.pagination.cursor;
  }
  return releases;
}

/** Groups by name; both the groups and their versions newest first. */
function groupByName(releases: Release[]) {
  const groups = new Map<string, Release[]>();
  for (const r of releases) groups.set(r.name, [...(groups.get(r.name) ?? []), r]);
  return [...groups.entries()].map(([name, versions]) => ({ name, versions }));
}

export default async function FunctionsPage({
  params,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
}) {
  const { workspace: slug, projectId } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const plan = PLANS[workspace.plan];
  const [releases, projects, allowances] = await Promise.all([
    allReleases(workspace.id, project.id),
    listProjects(getDb(), workspace.id),
    planAllowances(getDb(), workspace.id, plan),
  ]);
  const groups = groupByName(releases);
  const names = groups.map((g) => g.name);
  const otherProjects = projects.filter((p) => p.id !== project.id).map((p) => ({ id: p.id, name: p.name }));
  const upload = (defaultName?: string) => (
    <UploadReleaseDialog
      workspaceSlug={slug}
      projectId={project.id}
      existingNames={names}
      defaultName={defaultName}
    />
  );
  /** The upload buttons, with the uploads the plan has left this cycle under them. */
  const uploadsLeft = (children: ReactNode) => (
    <PlanAllowanceNote
      workspaceSlug={slug}
      planName={plan.name}
      allowance={allowances.functionUploads}
      noun="uploads"
      period=" this cycle"
      testId="uploads-left"
    >
      {children}
    </PlanAllowanceNote>
  );

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg tracking-tight">Function releases</h2>
          <p className="max-w-2xl text-muted-foreground text-sm">
            Immutable task bundles, one ZIP each. Upload a new version tag to change the code; executables
            pick the release they run.
          </p>
        </div>
        {canMutate &&
          groups.length > 0 &&
          uploadsLeft(
            <div className="flex flex-wrap gap-2">
              <TemplateDialog workspaceSlug={slug} projectId={project.id} templates={FUNCTION_TEMPLATES} />
              {upload()}
            </div>,
          )}
      </div>
      {groups.length === 0 ? (
        <>
          <Card>
            <EmptyState
              icon={Boxes}
              title="No functions yet"
              description={
                <>
                  Start from a template below, upload a task folder (Tickwork builds it), or upload a ZIP from{' '}
                  <code className="font-mono text-xs">tickwork bundle</code>.
                </>
              }
              action={canMutate ? uploadsLeft(upload()) : undefined}
            />
          </Card>
          <section className="grid gap-3" aria-labelledby="templates-heading">
            <div className="grid gap-1">
              <h3 id="templates-heading" className="font-semibold text-base tracking-tight">
                Start from a template
              </h3>
              <p className="max-w-2xl text-muted-foreground text-sm">
                One click builds the template and uploads it as this project&apos;s first release. Gelato Web3
                Functions and Defender actions run unedited.
              </p>
            </div>
            <TemplateGallery
              workspaceSlug={slug}
              projectId={project.id}
              templates={FUNCTION_TEMPLATES}
              canMutate={canMutate}
            />
          </section>
        </>
      ) : (
        groups.map((group) => (
          <ReleaseGroup
            key={group.name}
            workspaceSlug={slug}
            projectId={project.id}
            name={group.name}
            versions={group.versions}
            otherProjects={otherProjects}
            canMutate={canMutate}
            uploadVersion={canMutate ? upload(group.name) : undefined}
          />
        ))
      )}
    </div>
  );
}
