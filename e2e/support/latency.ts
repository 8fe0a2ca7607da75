import { randomBytes } from 'node:crypto';
import { createDb } from '@/db/client';
import { blobs, executables, executions, functionReleases, profiles } from '@/db/schema';
import { newId } from '@/lib/ids';

/** A run to seed: due `ago` ms before now, started `lag` ms and finished `total` ms after its due time. */
export type SeedRun = {
  ago: number;
  lag: number;
  total: number;
  status: 'confirmed' | 'failed' | 'skipped';
  trigger?: 'schedule' | 'manual';
};

/**
 * A paused executable named `name` (nothing runs it on its own) with `runs` finished executions of known times,
 * inserted straight into the test deployment's database in the project `projectId` of the workspace `slug`.
 * Returns the executable's id.
 */
export async function seedExecutableWithRuns(slug: string, projectId: string, name: string, runs: SeedRun[]) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set (the global setup sets it)');
  const db = createDb(url, 1);
  try {
    const [{ id: workspaceId }] = await db.$sql`select id from workspaces where slug = ${slug}`;
    const owned = { workspaceId: workspaceId as string, projectId };
    const sha = randomBytes(32).toString('hex');
    const [blob] = await db
      .insert(blobs)
      .values({ id: newId('blob'), sha256: sha, size: 1 })
      .returning();
    const [fn] = await db
      .insert(functionReleases)
      .values({
        id: newId('functionRelease'),
        ...owned,
        name: `seeded-${sha.slice(0, 6)}`,
        versionTag: 'v1',
        checksum: sha,
        blobId: blob.id,
      })
      .returning();
    const [profile] = await db
      .insert(profiles)
      .values({
        id: newId('profile'),
        ...owned,
        kind: 'legacy',
        state: 'active',
        name: 'seeded',
        chainId: 31337,
        address: `0x${randomBytes(20).toString('hex')}`,
      })
      .returning();
    const [executable] = await db
      .insert(executables)
      .values({
        id: newId('executable'),
        ...owned,
        functionId: fn.id,
        profileId: profile.id,
        name,
        state: 'paused',
        trigger: { type: 'interval', intervalMs: 3_600_000 },
        sandboxRef: `isolate:${sha}`,
      })
      .returning();
    const now = Date.now();
    if (runs.length > 0)
      await db.insert(executions).values(
        runs.map((r) => {
          const due = now - r.ago;
          return {
            id: newId('execution', due + 1),
            ...owned,
            executableId: executable.id,
            functionId: fn.id,
            status: r.status,
            trigger: r.trigger ?? 'schedule',
            chainId: 31337,
            scheduledAt: new Date(due),
            startedAt: new Date(due + r.lag),
            finishedAt: new Date(due + r.total),
            createdAt: new Date(due + 1),
          };
        }),
      );
    return executable.id;
  } finally {
    await db.$sql.end({ timeout: 5 });
  }
}
