// Every committed storage version is kept in storage_versions (for replay), written by the same statement as the
// storage itself; the hourly maintenance deletes versions older than 30 days except each executable's current one.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { runMaintenance } from '@/lib/jobs/maintenance';
import { expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { seedExecutable } from '../../support/seed';
import { setStorageLock, writeStorage } from '../../support/storage';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  return { token: owner.token, id: exe.executableId };
}

const versionsOf = async (executableId: string) =>
  (
    await testDb().execute<{ version: number; value: unknown }>(
      sql`select version, value from storage_versions where executable_id = ${executableId} order by version`,
    )
  ).map((r) => [r.version, r.value]);

const age = (executableId: string, versions: number[], days: number) =>
  testDb().execute(sql`
    update storage_versions set created_at = now() - make_interval(days => ${days})
     where executable_id = ${executableId} and version = any(${`{${versions.join(',')}}`}::int[])`);

describe('storage_versions', () => {
  it('PATCH storage records each new version; unchanged, conflicting and locked writes record none', async () => {
    const { token, id } = await setup();
    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } }), 200);
    expectStatus(await writeStorage(token, id, { expectedVersion: 1, value: { a: 2, b: [1] } }), 200);
    expect(await versionsOf(id)).toEqual([
      [1, { a: 1 }],
      [2, { a: 2, b: [1] }],
    ]);
    // the same value again: no new version
    const same = await writeStorage(token, id, { expectedVersion: 2, value: { a: 2, b: [1] } });
    expect(same.body.data).toEqual({ version: 2, changed: false });
    // a stale expectedVersion and a held lock write nothing
    expect((await writeStorage(token, id, { expectedVersion: 1, value: { x: 1 } })).status).toBe(409);
    await setStorageLock(id, 60_000);
    expect((await writeStorage(token, id, { expectedVersion: 2, value: { x: 1 } })).status).toBe(409);
    expect(await versionsOf(id)).toHaveLength(2);
  });

  it('writing {} first (version 0) records nothing: version 0 is {} without a row', async () => {
    const { token, id } = await setup();
    expect((await writeStorage(token, id, { expectedVersion: 0, value: {} })).body.data).toEqual({
      version: 0,
      changed: false,
    });
    expect(await versionsOf(id)).toEqual([]);
  });

  it('maintenance deletes versions past 30 days but keeps the current one, however old', async () => {
    const { token, id } = await setup();
    for (let v = 0; v < 4; v++)
      expectStatus(await writeStorage(token, id, { expectedVersion: v, value: { v: v + 1 } }), 200);
    await age(id, [1, 2, 4], 31); // 4 is current
    await age(id, [3], 29);
    await runMaintenance(testDb());
    expect((await versionsOf(id)).map(([v]) => v)).toEqual([3, 4]);
  });
});
