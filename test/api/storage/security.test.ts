import { describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/auth/scopes';
import { expectError, expectStatus } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';
import { readStorage, storagePath, storageRow, writeStorage } from '../../support/storage';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  return { owner, id: exe.executableId, token: owner.token };
}

describe('storage: tenancy', () => {
  it("another workspace's executable is 404 on read and write, and its storage is untouched", async () => {
    const mine = await setup();
    const theirs = await setup();
    expectStatus(
      await writeStorage(theirs.token, theirs.id, { expectedVersion: 0, value: { secret: 'theirs' } }),
      200,
    );
    const read = await readStorage(mine.token, theirs.id);
    expectError(read, 404, 'not_found');
    expect(read.text).not.toContain('theirs');
    for (const expectedVersion of [0, 1]) {
      const res = await writeStorage(mine.token, theirs.id, { expectedVersion, value: { mine: true } });
      expectError(res, 404, 'not_found');
      expect(res.body.currentVersion).toBeUndefined();
    }
    expect(await storageRow(theirs.id)).toMatchObject({ version: 1, value: { secret: 'theirs' } });
  });

  it('an unbound key reaches storage only in the workspace it names', async () => {
    const { owner, id } = await setup();
    const other = await setup();
    const unbound = await newKey(owner, { unbound: true });
    expectStatus(
      await api(storagePath(id), { token: unbound.token, headers: { 'x-workspace-id': owner.workspaceId } }),
      200,
    );
    expectError(
      await api(storagePath(id), {
        token: unbound.token,
        headers: { 'x-workspace-id': other.owner.workspaceId },
      }),
      403,
      'forbidden',
    );
  });
});

describe('storage: scopes and roles', () => {
  it('read needs storage:read, write needs storage:write (and nothing else grants them)', async () => {
    const { owner, id } = await setup();
    const readOnly = await newKey(owner, { scopes: ['storage:read'] });
    const writeOnly = await newKey(owner, { scopes: ['storage:write'] });
    const allButStorage = await newKey(owner, {
      scopes: SCOPES.filter((s) => !s.startsWith('storage:')),
    });
    const body = { expectedVersion: 0, value: { a: 1 } };
    expectStatus(await readStorage(readOnly.token, id), 200);
    expectError(await writeStorage(readOnly.token, id, body), 403, 'insufficient_scope');
    expectError(await readStorage(writeOnly.token, id), 403, 'insufficient_scope');
    expectError(await readStorage(allButStorage.token, id), 403, 'insufficient_scope');
    expectError(await writeStorage(allButStorage.token, id, body), 403, 'insufficient_scope');
    expect(await storageRow(id)).toBeNull();
    expectStatus(await writeStorage(writeOnly.token, id, body), 200);
  });

  it('a member may read but not write; an admin may write', async () => {
    const { owner, id } = await setup();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    expectStatus(await readStorage(member.token, id), 200);
    expectError(
      await writeStorage(member.token, id, { expectedVersion: 0, value: { a: 1 } }),
      403,
      'forbidden',
    );
    expect(await storageRow(id)).toBeNull();
    expectStatus(await writeStorage(admin.token, id, { expectedVersion: 0, value: { a: 1 } }), 200);
  });

  it('no credential → 401 on both routes', async () => {
    const { id } = await setup();
    expectError(await api(storagePath(id)), 401, 'unauthorized');
    expectError(
      await api(storagePath(id), { method: 'PATCH', body: { expectedVersion: 0, value: {} } }),
      401,
      'unauthorized',
    );
  });
});
