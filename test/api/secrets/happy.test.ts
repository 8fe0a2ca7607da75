import { beforeAll, describe, expect, inject, it } from 'vitest';
import { expectDataEnvelope, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

const SECRET_KEYS = ['createdAt', 'id', 'name', 'projectId', 'rotatedAt', 'updatedAt', 'version'];

beforeAll(() => {
  // decryptSecret reads the app's master key, so this process can check the stored ciphertext
  process.env.TICKWORK_MASTER_KEY = inject('masterKey');
});

async function ciphertextOf(id: string): Promise<string> {
  const [row] = await testDb().$sql`select ciphertext from secrets where id = ${id}`;
  return row.ciphertext;
}

describe('secrets: happy paths', () => {
  it('create → 201 metadata only; the column holds ciphertext that opens to the value', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const value = 'sk_live_very-secret-1234567890';
    const res = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: 'API_KEY', value },
    });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    expect(Object.keys(res.body.data).sort()).toEqual(SECRET_KEYS);
    expect(res.body.data).toMatchObject({
      projectId: project.id,
      name: 'API_KEY',
      version: 1,
      rotatedAt: null,
    });
    expect(res.body.data.id).toMatch(/^sec_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(res.text).not.toContain(value);

    const stored = await ciphertextOf(res.body.data.id);
    expect(stored).not.toContain(value);
    expect(stored).not.toContain(Buffer.from(value).toString('base64'));
    expect(stored).toMatch(/^v1\./);
    const { decryptSecret } = await import('@/lib/crypto/envelope');
    expect(decryptSecret(stored)).toBe(value);
  });

  it('list → Array envelope of metadata, newest first, without pagination', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const other = await newProject(owner.workspaceId);
    const ids = [];
    for (const name of ['A', 'B']) {
      await new Promise((r) => setTimeout(r, 2)); // ids order by millisecond
      const r = await api('/api/v1/secrets', {
        method: 'POST',
        token: owner.token,
        body: { projectId: project.id, name, value: `value-${name}` },
      });
      ids.push(r.body.data.id);
    }
    await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: other.id, name: 'A', value: 'elsewhere' },
    });
    const res = await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data.map((s: any) => s.id)).toEqual(ids.reverse());
    for (const s of res.body.data) expect(Object.keys(s).sort()).toEqual(SECRET_KEYS);
    expect(res.text).not.toContain('value-A');
    expect(res.text).not.toContain('value-B');
    expect(
      (
        await api(`/api/v1/secrets?projectId=${(await newProject(owner.workspaceId)).id}`, {
          token: owner.token,
        })
      ).body,
    ).toEqual({ data: [] });
  });

  it('rotate → 200 with version + 1 and rotatedAt; the ciphertext changes', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const created = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: 'ROTATE_ME', value: 'first-value' },
    });
    const before = await ciphertextOf(created.body.data.id);
    const res = await api(`/api/v1/secrets/${created.body.data.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { value: 'second-value' },
    });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(Object.keys(res.body.data).sort()).toEqual(SECRET_KEYS);
    expect(res.body.data).toMatchObject({ id: created.body.data.id, name: 'ROTATE_ME', version: 2 });
    expect(res.body.data.rotatedAt).not.toBeNull();
    expect(res.body.data.createdAt).toBe(created.body.data.createdAt);
    expect(res.text).not.toContain('second-value');
    const after = await ciphertextOf(created.body.data.id);
    expect(after).not.toBe(before);
    const { decryptSecret } = await import('@/lib/crypto/envelope');
    expect(decryptSecret(after)).toBe('second-value');

    const third = await api(`/api/v1/secrets/${created.body.data.id}`, {
      method: 'PATCH',
      token: owner.token,
      body: { value: 'third' },
    });
    expect(third.body.data.version).toBe(3);
  });

  it('delete → 200 Object with deleted: true; the row is gone', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const created = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: 'GONE', value: 'bye-bye-value' },
    });
    const res = await api(`/api/v1/secrets/${created.body.data.id}`, {
      method: 'DELETE',
      token: owner.token,
    });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data).toEqual({ ...created.body.data, deleted: true });
    expect(res.text).not.toContain('bye-bye-value');
    expect((await api(`/api/v1/secrets?projectId=${project.id}`, { token: owner.token })).body.data).toEqual(
      [],
    );
    expect(await testDb().$sql`select 1 from secrets where id = ${created.body.data.id}`).toHaveLength(0);
    // the name is free again
    const again = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: 'GONE', value: 'x' },
    });
    expectStatus(again, 201);
  });

  it('accepts names and values at their limits (64-char name, 64 KiB value, unicode)', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const name = `_${'a'.repeat(63)}`;
    const value = 'é'.repeat(32 * 1024); // 64 KiB in UTF-8
    const res = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name, value },
    });
    expectStatus(res, 201);
    expect(res.body.data.name).toBe(name);
    const { decryptSecret } = await import('@/lib/crypto/envelope');
    expect(decryptSecret(await ciphertextOf(res.body.data.id))).toBe(value);
  });
});
