// /{workspace}/projects/{projectId}/executions — every execution of the project, newest first, filtered by
// status (`?status=`) and paged by cursor (`?cursor=`); refreshes itself while one shown is unfinished.
import { ArrowRight, History } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardFooter } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { listProjectExecutions } from '@/lib/executions/queries';
import { LISTABLE_STATUSES } from '@/lib/executions/schemas';
import { loadProject } from '../_lib/project';
import { projectExecutables } from '../executables/_components/data';
import { PendingRefresh } from '../profiles/_components/pending-refresh';
import { ExecutionsTable } from './_components/executions-table';
import { isUnfinished } from './_components/model';
import { StatusFilter, type StatusFilterValue } from './_components/status-filter';

export const metadata: Metadata = { title: 'Executions' };

const PAGE_SIZE = 50;

const statusOf = (value: string | string[] | undefined) => LISTABLE_STATUSES.find((s) => s === value);

async function pageOf(
  workspaceId: string,
  projectId: string,
  status: StatusFilterValue | undefined,
  cursor: string | undefined,
) {
  const opts = { projectId, status, limit: PAGE_SIZE };
  try {
    return await listProjectExecutions(getDb(), workspaceId, { ...opts, cursor });
  } catch (error) {
    // A cursor from a hand-edited URL: start from the newest instead.
    if (cursor && error instanceof ApiError && error.status === 400)
      return listProjectExecutions(getDb(), workspaceId, opts);
    throw error;
  }
}

export default async function ExecutionsPage({
  params,
  searchParams,
}: {
  params: Promise<{ workspace: string; projectId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { workspace: slug, projectId } = await params;
  const query = await searchParams;
  const status = statusOf(query.status);
  const cursor = typeof query.cursor === 'string' ? query.cursor : undefined;
  const { workspace } = await requireWorkspaceAccess(slug);
  const project = await loadProject(workspace.id, projectId);
  const [page, executables] = await Promise.all([
    pageOf(workspace.id, project.id, status, cursor),
    projectExecutables(workspace.id, project.id),
  ]);
  const executions = page.data;
  const names = Object.fromEntries(executables.map((e) => [e.id, e.name]));
  const base = `/${slug}/projects/${project.id}/executions`;
  const withStatus = (extra: { cursor?: string } = {}) => {
    const search = new URLSearchParams({ ...(status && { status }), ...extra }).toString();
    return search ? `${base}?${search}` : base;
  };

  return (
    <div className="grid grid-cols-1 gap-6">
      <PendingRefresh active={executions.some((e) => isUnfinished(e.status))} intervalMs={2000} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-1">
          <h2 className="font-semibold text-lg tracking-tight">Executions</h2>
          <p className="max-w-2xl text-muted-foreground text-sm">
            Every run of the project&apos;s executables, newest first: from schedules, webhooks, Run now and
            Simulate.
          </p>
        </div>
        <StatusFilter base={base} current={status} />
      </div>
      <Card>
        {executions.length === 0 ? (
          <EmptyState
            icon={History}
            title={status ? `No ${status} executions` : cursor ? 'No older executions' : 'No executions yet'}
            description={
              status || cursor
                ? 'Nothing matches here; try another status or start from the newest.'
                : 'Executions appear once an executable runs on its schedule, from a webhook, or with Run now.'
            }
            action={
              (status || cursor) && (
                <Link href={base} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
                  Show all executions
                </Link>
              )
            }
          />
        ) : (
          <>
            <ExecutionsTable
              workspaceSlug={slug}
              projectId={project.id}
              executions={executions}
              executableNames={names}
            />
            {(cursor || !page.pagination.isDone) && (
              <CardFooter className="justify-between">
                {cursor ? (
                  <Link href={withStatus()} className={buttonVariants({ variant: 'ghost', size: 'sm' })}>
                    Back to newest
                  </Link>
                ) : (
                  <span />
                )}
                {!page.pagination.isDone && (
                  <Link
                    href={withStatus({ cursor: page.pagination.cursor })}
                    className={buttonVariants({ variant: 'outline', size: 'sm' })}
                  >
                    Older executions
                    <ArrowRight />
                  </Link>
                )}
              </CardFooter>
            )}
          </>
        )}
      </Card>
    </div>
  );
}
