import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';
import {
  clearStorageLock,
  objectOfSize,
  readStorage,
  setStorageLock,
  storagePath,
  storageRow,
  writeStorage,
} from '../../support/storage';

const MiB = 1024 * 1024;
const LIMIT = 16 * MiB;

async function setup(state?: 'paused' | 'deleted') {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id, { state });
  return { owner, exe, id: exe.executableId, token: owner.token };
}

describe('storage: request validation', () => {
  it('expectedVersion and value are both required and typed → 400 invalid_request, nothing written', async () => {
    const { token, id } = await setup();
    const bad: unknown[] = [
      {},
      { value: { a: 1 } },
      { expectedVersion: 0 },
      { expectedVersion: -1, value: {} },
      { expectedVersion: 1.5, value: {} },
      { expectedVersion: '0', value: {} },
      { expectedVersion: null, value: {} },
      { expectedVersion: 0, value: null },
      { expectedVersion: 0, value: [1, 2] },
      { expectedVersion: 0, value: 'text' },
      { expectedVersion: 0, value: 7 },
      { expectedVersion: 0, value: {}, version: 1 },
      [{ expectedVersion: 0, value: {} }],
    ];
    for (const body of bad) {
      const res = await writeStorage(token, id, body);
      expectError(res, 400, 'invalid_request');
      expect(Array.isArray(res.body.details)).toBe(true);
    }
    expectError(
      await api(storagePath(id), { method: 'PATCH', token, raw: '{"expectedVersion":0,' }),
      400,
      'invalid_request',
    );
    expect(await storageRow(id)).toBeNull();
  });

  it('a NUL character inside the value (jsonb cannot hold it) → 400 invalid_request', async () => {
    const { token, id } = await setup();
    expectError(
      await writeStorage(token, id, { expectedVersion: 0, value: { s: 'a\u0000b' } }),
      400,
      'invalid_request',
    );
    expect(await storageRow(id)).toBeNull();
  });
});

describe('storage: version conflicts', () => {
  it('a stale or future expectedVersion → 409 storage_version_conflict with currentVersion, nothing changed', async () => {
    const { token, id } = await setup();
    const fresh = await writeStorage(token, id, { expectedVersion: 1, value: { a: 1 } });
    expectError(fresh, 409, 'storage_version_conflict');
    expect(fresh.body.currentVersion).toBe(0);
    expect(await storageRow(id)).toBeNull();

    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } }), 200);
    expectStatus(await writeStorage(token, id, { expectedVersion: 1, value: { a: 2 } }), 200);
    for (const expectedVersion of [0, 1, 3, 100]) {
      const res = await writeStorage(token, id, { expectedVersion, value: { a: 9 } });
      expectError(res, 409, 'storage_version_conflict');
      expect(res.body.currentVersion).toBe(2);
    }
    expect((await readStorage(token, id)).body.data).toEqual({ value: { a: 2 }, version: 2 });
  });

  it('a stale expectedVersion conflicts even when the value is equal to the stored one', async () => {
    const { token, id } = await setup();
    await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } });
    const res = await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } });
    expectError(res, 409, 'storage_version_conflict');
    expect(res.body.currentVersion).toBe(1);
  });
});

describe('storage: the execution lock', () => {
  it('a held lock → 409 storage_locked (not storage_version_conflict), nothing changed; released → writes again', async () => {
    const { token, id } = await setup();
    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } }), 200);
    await setStorageLock(id, 60_000);
    const res = await writeStorage(token, id, { expectedVersion: 1, value: { a: 2 } });
    expectError(res, 409, 'storage_locked');
    expect(res.body.currentVersion).toBe(1);
    expect(res.text).not.toContain('exn_lock_holder');
    expect(await storageRow(id)).toMatchObject({ version: 1, value: { a: 1 } });

    await clearStorageLock(id);
    expect((await writeStorage(token, id, { expectedVersion: 1, value: { a: 2 } })).body.data).toEqual({
      version: 2,
      changed: true,
    });
  });

  it('the lock wins over every other outcome: stale version, equal value, first write', async () => {
    const { token, id } = await setup();
    await setStorageLock(id, 60_000); // the runtime's row: version 0, {}
    expectError(
      await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } }),
      409,
      'storage_locked',
    );
    expectError(await writeStorage(token, id, { expectedVersion: 0, value: {} }), 409, 'storage_locked');
    expectError(
      await writeStorage(token, id, { expectedVersion: 5, value: { a: 1 } }),
      409,
      'storage_locked',
    );
    expect(await storageRow(id)).toMatchObject({ version: 0, value: {} });
  });

  it('an expired lock (lockedUntil in the past) does not block; lockedBy without lockedUntil does not either', async () => {
    const { token, id } = await setup();
    await setStorageLock(id, -1);
    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { a: 1 } }), 200);
    await testDb()
      .$sql`update executable_storage set locked_by = 'exn_x', locked_until = null where executable_id = ${id}`;
    expectStatus(await writeStorage(token, id, { expectedVersion: 1, value: { a: 2 } }), 200);
  });
});

describe('storage: 16 MiB over HTTP', () => {
  it('a value of exactly 16 MiB serialized is written and read back; one byte more → 413 storage_too_large', async () => {
    const { token, id } = await setup();
    const atLimit = objectOfSize(LIMIT);
    expect(JSON.stringify(atLimit).length).toBe(LIMIT);
    expect((await writeStorage(token, id, { expectedVersion: 0, value: atLimit })).body.data).toEqual({
      version: 1,
      changed: true,
    });
    const read = await readStorage(token, id);
    expectStatus(read, 200);
    expect(read.body.data.value.pad.length).toBe(atLimit.pad.length);

    const over = await writeStorage(token, id, { expectedVersion: 1, value: objectOfSize(LIMIT + 1) });
    expectError(over, 413, 'storage_too_large');
    expect(over.body.limitBytes).toBe(LIMIT);
    expect((await storageRow(id))?.version).toBe(1);
  });

  it('multi-byte characters count as UTF-8 bytes', async () => {
    const { token, id } = await setup();
    // 'é' is 2 bytes: 8 Mi of them plus the wrapper is over 16 MiB though under 16 Mi characters
    const res = await writeStorage(token, id, { expectedVersion: 0, value: { s: 'é'.repeat(8 * MiB) } });
    expectError(res, 413, 'storage_too_large');
    expect(await storageRow(id)).toBeNull();
  });

  it('a body far over the limit is refused before it is parsed → 413 storage_too_large', async () => {
    const { token, id } = await setup();
    const res = await api(storagePath(id), {
      method: 'PATCH',
      token,
      raw: JSON.stringify({ expectedVersion: 0, value: objectOfSize(17 * MiB) }),
    });
    expectError(res, 413, 'storage_too_large');
    expect(await storageRow(id)).toBeNull();
  });

  it('other routes keep their 1 MiB body limit', async () => {
    const { token } = await setup();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token,
      body: { name: 'x'.repeat(2 * MiB), slug: 'big' },
    });
    expectError(res, 413, 'body_too_large');
  });

  it('an object the runtime grew past 16 MiB is not served over HTTP → 413 storage_too_large', async () => {
    for (const size of [LIMIT + 10, 40 * MiB]) {
      const { token, id } = await setup();
      await testDb().$sql`
        insert into executable_storage (executable_id, version, value)
        values (${id}, 7, jsonb_build_object('pad', repeat('x', ${size})))`;
      const res = await readStorage(token, id);
      expectError(res, 413, 'storage_too_large');
      expect(res.text.length).toBeLessThan(1000);
      // and it can still be replaced with a smaller object
      expect(
        (await writeStorage(token, id, { expectedVersion: 7, value: { small: true } })).body.data,
      ).toEqual({
        version: 8,
        changed: true,
      });
    }
  });
});

describe('storage: addressing', () => {
  it('a deleted or unknown executable → 404 not_found on read and write', async () => {
    const { token, id } = await setup('deleted');
    for (const exeId of [id, 'exe_unknown', 'nope']) {
      expectError(await readStorage(token, exeId), 404, 'not_found');
      expectError(
        await writeStorage(token, exeId, { expectedVersion: 0, value: { a: 1 } }),
        404,
        'not_found',
      );
    }
    expect(await storageRow(id)).toBeNull();
  });

  it('POST, PUT and DELETE → 405 method_not_allowed with Allow: GET, PATCH', async () => {
    const { token, id } = await setup();
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const res = await api(storagePath(id), { method, token, body: {} });
      expectError(res, 405, 'method_not_allowed');
      expect(res.headers.get('allow')).toBe('GET, PATCH');
    }
  });
});
