import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createDb, type Db } from '@/db/client';
import type { MemberRole, PlanId } from '@/db/enums';
import { createApiKey } from '@/lib/auth/api-keys';
import type { Scope } from '@/lib/auth/scopes';
import { createProject } from '@/lib/projects/service';
import { ensureUserByAddress } from '@/lib/users/service';
import { createWorkspace, setMembership } from '@/lib/workspaces/service';
import { atEndOfEachFile } from './file-end';
import { target } from './target';

const pools = new Map<string, Db>();

/** The test deployment's database (same one the app under test uses; see `target`). */
export function testDb(): Db {
  const url = target().databaseUrl;
  let db = pools.get(url);
  if (!db) {
    db = createDb(url, 4);
    pools.set(url, db);
  }
  return db;
}

/** The workspaces this test file made: their executables stop running when the file ends (below). */
const workspacesMade = new Set<string>();

/**
 * When the file ends, the active executables of the workspaces it made are paused, so the shared app does not go
 * on running a finished file's 30-second schedules for the rest of the suite (they added up to several runs a
 * second on the same 2 cores as the tests). Best effort, never failing the file; then the pools close.
 */
async function stopRunsOfThisFile() {
  if (workspacesMade.size === 0) return;
  const made = [...workspacesMade];
  workspacesMade.clear();
  try {
    await Promise.race([
      testDb().$sql`
        update executables set state = 'paused', next_run_at = null, updated_at = now()
         where workspace_id = any(${made}) and state = 'active'`,
      new Promise((resolve) => setTimeout(resolve, 10_000).unref()),
    ]);
  } catch {
    // the file's results stand; only its schedules go on
  }
}

atEndOfEachFile(async () => {
  await stopRunsOfThisFile();
  const open = [...pools.values()];
  pools.clear();
  await Promise.all(open.map((db) => db.$sql.end({ timeout: 5 })));
});

export type Actor = { workspaceId: string; userId: string; address: string; token: string; keyId: string };

export const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;

/** A unique short suffix for names and slugs. */
export const uniq = () => randomBytes(4).toString('hex');

/** A new workspace with an owner holding a bound full-scope key. */
export async function newWorkspace(opts: { plan?: PlanId; name?: string } = {}): Promise<Actor> {
  const address = newAddress();
  const user = await ensureUserByAddress(testDb(), address);
  const workspace = await createWorkspace(testDb(), {
    name: opts.name ?? `Test workspace ${uniq()}`,
    plan: opts.plan,
    ownerUserId: user.id,
  });
  const key = await createApiKey(testDb(), { userId: user.id, workspaceId: workspace.id, name: 'test' });
  workspacesMade.add(workspace.id);
  return { workspaceId: workspace.id, userId: user.id, address, token: key.token, keyId: key.id };
}

/** Another person in the workspace with the given role and a key (bound unless `unbound`, full scopes unless `scopes`). */
export async function newMember(
  workspaceId: string,
  opts: { role?: MemberRole; unbound?: boolean; scopes?: Scope[] } = {},
): Promise<Actor> {
  const address = newAddress();
  const user = await ensureUserByAddress(testDb(), address);
  await setMembership(testDb(), { workspaceId, userId: user.id, role: opts.role ?? 'admin' });
  const key = await createApiKey(testDb(), {
    userId: user.id,
    workspaceId: opts.unbound ? null : workspaceId,
    name: 'test',
    scopes: opts.scopes,
  });
  return { workspaceId, userId: user.id, address, token: key.token, keyId: key.id };
}

/** A key for an existing user (e.g. a second, unbound key or a narrowed one). */
export async function newKey(actor: Actor, opts: { unbound?: boolean; scopes?: readonly Scope[] } = {}) {
  const key = await createApiKey(testDb(), {
    userId: actor.userId,
    workspaceId: opts.unbound ? null : actor.workspaceId,
    name: 'test',
    scopes: opts.scopes,
  });
  return { ...actor, token: key.token, keyId: key.id };
}

/** A project created straight in the database (for tests that are not about project creation). */
export async function newProject(workspaceId: string, opts: { slug?: string; name?: string } = {}) {
  const slug = opts.slug ?? `p-${uniq()}`;
  return createProject(testDb(), workspaceId, { name: opts.name ?? `Project ${slug}`, slug });
}
