import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';

/** The first hour's steps, in order; each is done once the workspace has what it names. */
const GETTING_STARTED_STEPS = [
  'project',
  'function',
  'profile',
  'executable',
  'confirmedRun',
  'webhook',
] as const;
export type GettingStartedStep = (typeof GETTING_STARTED_STEPS)[number];

/** Which steps a workspace has done: one round trip of EXISTS probes, each on an index. */
export async function gettingStartedProgress(
  db: DbOrTx,
  workspaceId: string,
): Promise<Record<GettingStartedStep, boolean>> {
  const [row] = await db.execute<Record<GettingStartedStep, boolean>>(sql`
    select
      exists (select 1 from projects where workspace_id = ${workspaceId} and deleted_at is null) as "project",
      exists (select 1 from function_releases where workspace_id = ${workspaceId} and deleted_at is null) as "function",
      exists (select 1 from profiles where workspace_id = ${workspaceId} and state = 'active') as "profile",
      exists (select 1 from executables where workspace_id = ${workspaceId} and state <> 'deleted') as "executable",
      exists (
        select 1 from projects p join executions e on e.project_id = p.id and e.status = 'confirmed'
        where p.workspace_id = ${workspaceId}
      ) as "confirmedRun",
      exists (select 1 from webhooks where workspace_id = ${workspaceId} and revoked_at is null) as "webhook"`);
  return row;
}

/** The cookie that hides the checklist of one workspace once dismissed (per browser). */
export const gettingStartedCookie = (workspaceId: string) => `tw-getting-started-${workspaceId}`;
