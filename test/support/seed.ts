import { randomBytes } from 'node:crypto';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { blobs, executables, executionLogs, executions, functionReleases, profiles } from '@/db/schema';
import { encryptSecret } from '@/lib/crypto/envelope';
import { type IdKind, newId } from '@/lib/ids';
import { newAddress, testDb } from './fixtures';
import { target } from './target';

/** A prefixed id whose time part is `ms`, so id order is the order we choose. */
export const idAt = (kind: IdKind, ms: number): string => newId(kind, ms);

export type SeededExecutable = {
  workspaceId: string;
  projectId: string;
  blobId: string;
  functionId: string;
  profileId: string;
  executableId: string;
};

/** The rows an execution hangs off: blob → function release → profile → executable (paused, interval trigger). */
export async function seedExecutable(
  workspaceId: string,
  projectId: string,
  opts: { state?: 'provisioning' | 'active' | 'paused' | 'error' | 'deleted'; functionCreatedAt?: Date } = {},
): Promise<SeededExecutable> {
  const db = testDb();
  const sha = randomBytes(32).toString('hex');
  const [blob] = await db
    .insert(blobs)
    .values({ id: newId('blob'), sha256: sha, size: 22 })
    .returning({ id: blobs.id });
  const [fn] = await db
    .insert(functionReleases)
    .values({
      id: newId('functionRelease'),
      workspaceId,
      projectId,
      name: `task-${randomBytes(3).toString('hex')}`,
      versionTag: 'v1',
      checksum: sha,
      blobId: blob.id,
      ...(opts.functionCreatedAt && { createdAt: opts.functionCreatedAt }),
    })
    .returning({ id: functionReleases.id });
  const [profile] = await db
    .insert(profiles)
    .values({
      id: newId('profile'),
      workspaceId,
      projectId,
      kind: 'legacy',
      state: 'active',
      name: 'default',
      chainId: 31337,
      address: newAddress().toLowerCase(),
    })
    .returning({ id: profiles.id });
  const [executable] = await db
    .insert(executables)
    .values({
      id: newId('executable'),
      workspaceId,
      projectId,
      functionId: fn.id,
      profileId: profile.id,
      name: 'exe',
      state: opts.state ?? 'paused',
      trigger: { type: 'interval', intervalMs: 60_000 },
      // a built sandbox, as provisioning leaves it (resume needs one)
      sandboxRef: `isolate:${sha}`,
    })
    .returning({ id: executables.id });
  return {
    workspaceId,
    projectId,
    blobId: blob.id,
    functionId: fn.id,
    profileId: profile.id,
    executableId: executable.id,
  };
}

/** Another executable on a seeded executable's release and profile, in `state`; returns its id. */
export async function seedExecutableLike(
  exe: SeededExecutable,
  state: 'provisioning' | 'active' | 'paused' | 'error' | 'deleted',
): Promise<string> {
  const [row] = await testDb()
    .insert(executables)
    .values({
      id: newId('executable'),
      workspaceId: exe.workspaceId,
      projectId: exe.projectId,
      functionId: exe.functionId,
      profileId: exe.profileId,
      name: `exe-${state}`,
      state,
      // hourly: an active one (every test world has one) is not run while its file runs, which loads the app
      trigger: { type: 'interval', intervalMs: 3_600_000 },
      sandboxRef: `isolate:${exe.blobId}`,
    })
    .returning({ id: executables.id });
  return row.id;
}

type Status = typeof executions.$inferInsert.status;

/**
 * A confirmed scheduled execution row of a seeded executable on the local chain, due at `due` (ms), started
 * `lag` and finished `total` after it (null: not yet), its id minted just after its due time; `fields` override.
 */
export function executionRowAt(
  exe: SeededExecutable,
  due: number,
  times: { lag: number | null; total: number | null },
  fields: Partial<typeof executions.$inferInsert> = {},
) {
  return {
    id: idAt('execution', due + 1),
    workspaceId: exe.workspaceId,
    projectId: exe.projectId,
    executableId: exe.executableId,
    functionId: exe.functionId,
    status: 'confirmed' as Status,
    trigger: 'schedule' as const,
    chainId: 31337,
    scheduledAt: new Date(due),
    startedAt: times.lag === null ? null : new Date(due + times.lag),
    finishedAt: times.total === null ? null : new Date(due + times.total),
    ...fields,
  };
}

/** Finished statuses only cycle by default (one unfinished execution per executable is a DB invariant). */
const FINISHED: Status[] = ['confirmed', 'failed', 'skipped'];

/**
 * Inserts `count` executions of one executable, one millisecond apart (ids and createdAt agree), oldest
 * first. Returns their ids oldest first.
 */
export async function seedExecutions(
  exe: SeededExecutable,
  count: number,
  opts: { statuses?: Status[]; startMs?: number } = {},
): Promise<string[]> {
  const statuses = opts.statuses ?? FINISHED;
  const start = opts.startMs ?? Date.now() - count - 1000;
  const rows = Array.from({ length: count }, (_, i) => {
    const at = new Date(start + i);
    return {
      id: idAt('execution', start + i),
      workspaceId: exe.workspaceId,
      projectId: exe.projectId,
      executableId: exe.executableId,
      functionId: exe.functionId,
      status: statuses[i % statuses.length],
      trigger: 'schedule' as const,
      chainId: 31337,
      computeUnits: 10,
      scheduledAt: at,
      createdAt: at,
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await testDb()
      .insert(executions)
      .values(rows.slice(i, i + 500));
  return rows.map((r) => r.id);
}

export async function seedLogs(
  executionId: string,
  entries: { level: 'debug' | 'info' | 'warn' | 'error'; message: string; data?: unknown }[],
) {
  for (const entry of entries)
    await testDb()
      .insert(executionLogs)
      .values({ executionId, ...entry });
}

/** Encrypts like the app under test does (same master key), so the app can read what a test stores. */
export function encryptForApp(plaintext: string): string {
  process.env.TICKWORK_MASTER_KEY ??= target().masterKey;
  return encryptSecret(plaintext);
}

/**
 * A profile row straight in the database. Legacy rows get a real account key (encrypted for the app), so the
 * provisioning workflow can run on them; `address` is that account's.
 */
export async function seedProfile(
  workspaceId: string,
  projectId: string,
  opts: {
    state?: 'pending' | 'active' | 'archived';
    kind?: 'legacy' | 'safe' | 'roles';
    chainId?: number;
    name?: string;
  } = {},
): Promise<{ id: string; address: string; key: `0x${string}` }> {
  const kind = opts.kind ?? 'legacy';
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  const [profile] = await testDb()
    .insert(profiles)
    .values({
      id: newId('profile'),
      workspaceId,
      projectId,
      kind,
      state: opts.state ?? 'active',
      name: opts.name ?? `${kind}-${randomBytes(3).toString('hex')}`,
      chainId: opts.chainId ?? 31337,
      address,
      encryptedKey: kind === 'legacy' ? encryptForApp(key) : null,
    })
    .returning({ id: profiles.id });
  return { id: profile.id, address, key };
}
