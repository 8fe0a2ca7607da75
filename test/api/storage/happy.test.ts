import { describe, expect, it } from 'vitest';
import { expectDataEnvelope, expectStatus } from '../../support/expect';
import { newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';
import { readStorage, setStorageLock, storagePath, storageRow, writeStorage } from '../../support/storage';

async function setup(state?: 'provisioning' | 'active' | 'paused' | 'error') {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id, { state });
  return { owner, exe, id: exe.executableId, token: owner.token };
}

describe('storage: read', () => {
  it('an executable that never stored anything reads {} at version 0 (no row is created)', async () => {
    const { token, id } = await setup();
    const res = await readStorage(token, id);
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data).toEqual({ value: {}, version: 0 });
    expect(Object.keys(res.body.data).sort()).toEqual(['value', 'version']);
    expect(await storageRow(id)).toBeNull();
  });

  it('answers the whole object as written, nested values and unicode intact', async () => {
    const { token, id } = await setup();
    const value = {
      counter: 42,
      price: 1234.5678,
      big: '123456789012345678901234567890',
      nested: { list: [1, 'two', { three: [true, false, null] }], empty: {} },
      text: 'héllo ✓ 𝔘 "quoted" \\ back',
    };
    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value }), 200);
    const res = await readStorage(token, id);
    expect(res.body.data).toEqual({ value, version: 1 });
  });

  it('reads in every state but deleted', async () => {
    for (const state of ['provisioning', 'active', 'paused', 'error'] as const) {
      const { token, id } = await setup(state);
      expectStatus(await readStorage(token, id), 200);
      expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { state } }), 200);
    }
  });
});

describe('storage: write', () => {
  it('a change adds 1 to the version and replaces the whole object (no merge)', async () => {
    const { token, id } = await setup();
    const first = await writeStorage(token, id, { expectedVersion: 0, value: { a: 1, b: 2 } });
    expectStatus(first, 200);
    expectDataEnvelope(first);
    expect(first.body.data).toEqual({ version: 1, changed: true });
    const second = await writeStorage(token, id, { expectedVersion: 1, value: { c: 3 } });
    expect(second.body.data).toEqual({ version: 2, changed: true });
    expect((await readStorage(token, id)).body.data).toEqual({ value: { c: 3 }, version: 2 });
    expect(await storageRow(id)).toMatchObject({ version: 2, value: { c: 3 } });
  });

  it('a deep-equal value keeps the version (changed false), whatever the key order or spacing', async () => {
    const { token, id } = await setup();
    const value = { a: 1, nested: { x: [1, 2, { y: 'z' }], n: 1.5 } };
    expect((await writeStorage(token, id, { expectedVersion: 0, value })).body.data).toEqual({
      version: 1,
      changed: true,
    });
    const reordered = { nested: { n: 1.5, x: [1, 2, { y: 'z' }] }, a: 1 };
    const again = await writeStorage(token, id, { expectedVersion: 1, value: reordered });
    expectStatus(again, 200);
    expect(again.body.data).toEqual({ version: 1, changed: false });
    const spaced = await api(storagePath(id), {
      method: 'PATCH',
      token,
      raw: '{ "value" : { "nested" : { "n" : 1.50, "x" : [ 1, 2, { "y" : "z" } ] }, "a" : 1.0 }, "expectedVersion" : 1 }',
    });
    expect(spaced.body.data).toEqual({ version: 1, changed: false });
    expect((await storageRow(id))?.version).toBe(1);
    // array order matters: a reordered array is a change
    const arrays = await writeStorage(token, id, {
      expectedVersion: 1,
      value: { a: 1, nested: { x: [2, 1, { y: 'z' }], n: 1.5 } },
    });
    expect(arrays.body.data).toEqual({ version: 2, changed: true });
  });

  it('writing {} over nothing is unchanged at version 0; writing {} over a value is a change', async () => {
    const { token, id } = await setup();
    expect((await writeStorage(token, id, { expectedVersion: 0, value: {} })).body.data).toEqual({
      version: 0,
      changed: false,
    });
    expect((await readStorage(token, id)).body.data).toEqual({ value: {}, version: 0 });
    expect((await writeStorage(token, id, { expectedVersion: 0, value: { k: 1 } })).body.data).toEqual({
      version: 1,
      changed: true,
    });
    expect((await writeStorage(token, id, { expectedVersion: 1, value: {} })).body.data).toEqual({
      version: 2,
      changed: true,
    });
    expect((await readStorage(token, id)).body.data).toEqual({ value: {}, version: 2 });
  });

  it('a row the runtime created (version 0, lock released) is written like no row', async () => {
    const { token, id } = await setup();
    await setStorageLock(id, -1000); // an expired lock is no lock
    expect((await writeStorage(token, id, { expectedVersion: 0, value: {} })).body.data).toEqual({
      version: 0,
      changed: false,
    });
    expect((await writeStorage(token, id, { expectedVersion: 0, value: { v: 1 } })).body.data).toEqual({
      version: 1,
      changed: true,
    });
    expect((await readStorage(token, id)).body.data).toEqual({ value: { v: 1 }, version: 1 });
  });

  it('reads are not blocked by a held lock', async () => {
    const { token, id } = await setup();
    expectStatus(await writeStorage(token, id, { expectedVersion: 0, value: { v: 1 } }), 200);
    await setStorageLock(id, 60_000);
    const res = await readStorage(token, id);
    expectStatus(res, 200);
    expect(res.body.data).toEqual({ value: { v: 1 }, version: 1 });
    expect(res.text).not.toContain('exn_lock_holder');
  });
});
