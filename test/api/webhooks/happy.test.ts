import { describe, expect, it } from 'vitest';
import { findActiveWebhookBySecret } from '@/lib/webhooks/service';
import { expectDataEnvelope, expectError, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { seedExecutable } from '../../support/seed';
import {
  createWebhook,
  getWebhook,
  listWebhooks,
  renameWebhook,
  revokeWebhook,
  rotateWebhook,
  secretOf,
  sha256,
  WEBHOOK_KEYS,
  webhookRow,
} from '../../support/webhooks';

async function setup(state?: 'provisioning' | 'active' | 'paused' | 'error') {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id, { state });
  return { owner, exe, id: exe.executableId, token: owner.token };
}

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('webhooks: create', () => {
  it('201 with the record and the one-time URL; only the SHA-256 of the secret is stored', async () => {
    const { token, id, owner } = await setup();
    const res = await createWebhook(token, id, { name: '  Deploy hook  ' });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    const hook = res.body.data;
    expect(Object.keys(hook).sort()).toEqual([...WEBHOOK_KEYS, 'url'].sort());
    expect(hook).toMatchObject({
      executableId: id,
      name: 'Deploy hook',
      state: 'active',
      rotatedAt: null,
      revokedAt: null,
    });
    expect(hook.id).toMatch(/^whk_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(hook.createdAt).toMatch(ISO);
    expect(hook.updatedAt).toMatch(ISO);
    const secret = secretOf(hook.url);
    const row = await webhookRow(hook.id);
    expect(row.secret_hash).toBe(sha256(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const found = await findActiveWebhookBySecret(testDb(), secret);
    expect(found).toMatchObject({
      id: hook.id,
      executableId: id,
      workspaceId: owner.workspaceId,
      state: 'active',
    });
    expect(found).not.toHaveProperty('secretHash');
  });

  it('every URL has its own secret; any executable state but deleted can have webhooks', async () => {
    const secrets = new Set<string>();
    for (const state of ['provisioning', 'active', 'paused', 'error'] as const) {
      const { token, id } = await setup(state);
      for (const name of ['a', 'a']) {
        const res = await createWebhook(token, id, { name });
        expectStatus(res, 201);
        secrets.add(secretOf(res.body.data.url));
      }
    }
    expect(secrets.size).toBe(8);
  });
});

describe('webhooks: read', () => {
  it('list: Array envelope of active webhooks, oldest first, without URLs', async () => {
    const { token, id } = await setup();
    const a = (await createWebhook(token, id, { name: 'a' })).body.data;
    const b = (await createWebhook(token, id, { name: 'b' })).body.data;
    const c = (await createWebhook(token, id, { name: 'c' })).body.data;
    expectStatus(await revokeWebhook(token, b.id), 200);
    const res = await listWebhooks(token, id);
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data.map((w: any) => w.id)).toEqual([a.id, c.id]);
    for (const w of res.body.data) expect(Object.keys(w).sort()).toEqual(WEBHOOK_KEYS);
    const { url: _url, ...record } = a;
    expect(res.body.data[0]).toEqual(record);
    expect(res.body).not.toHaveProperty('pagination');
  });

  it('an executable without webhooks lists []', async () => {
    const { token, id } = await setup();
    const res = await listWebhooks(token, id);
    expectStatus(res, 200);
    expect(res.body).toEqual({ data: [] });
  });

  it('get: the record without the URL', async () => {
    const { token, id } = await setup();
    const { url: _url, ...record } = (await createWebhook(token, id, { name: 'g' })).body.data;
    const res = await getWebhook(token, record.id);
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data).toEqual(record);
  });
});

describe('webhooks: rename', () => {
  it('changes the name only; the URL keeps working', async () => {
    const { token, id } = await setup();
    const created = (await createWebhook(token, id, { name: 'old' })).body.data;
    const secret = secretOf(created.url);
    await new Promise((r) => setTimeout(r, 5));
    const res = await renameWebhook(token, created.id, { name: ' new ' });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(Object.keys(res.body.data).sort()).toEqual(WEBHOOK_KEYS);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'new', state: 'active', rotatedAt: null });
    expect(res.body.data.updatedAt > created.updatedAt).toBe(true);
    expect((await getWebhook(token, created.id)).body.data.name).toBe('new');
    expect((await findActiveWebhookBySecret(testDb(), secret))?.id).toBe(created.id);
  });
});

describe('webhooks: state table', () => {
  it('active --rotate--> active: the old URL is invalid at once, the new one is returned once', async () => {
    const { token, id } = await setup();
    const created = (await createWebhook(token, id, { name: 'r' })).body.data;
    const oldSecret = secretOf(created.url);
    const res = await rotateWebhook(token, created.id);
    expectStatus(res, 200);
    expectDataEnvelope(res);
    const rotated = res.body.data;
    expect(Object.keys(rotated).sort()).toEqual([...WEBHOOK_KEYS, 'url'].sort());
    expect(rotated).toMatchObject({ id: created.id, name: 'r', state: 'active', revokedAt: null });
    expect(rotated.rotatedAt).toMatch(ISO);
    const newSecret = secretOf(rotated.url);
    expect(newSecret).not.toBe(oldSecret);
    expect(await findActiveWebhookBySecret(testDb(), oldSecret)).toBeNull();
    expect((await findActiveWebhookBySecret(testDb(), newSecret))?.id).toBe(created.id);
    expect((await webhookRow(created.id)).secret_hash).toBe(sha256(newSecret));

    // rotating again invalidates the second URL too; the record never shows a URL
    const again = (await rotateWebhook(token, created.id)).body.data;
    expect(await findActiveWebhookBySecret(testDb(), newSecret)).toBeNull();
    expect((await findActiveWebhookBySecret(testDb(), secretOf(again.url)))?.id).toBe(created.id);
    expect((await getWebhook(token, created.id)).body.data).not.toHaveProperty('url');
  });

  it('active --DELETE--> revoked: permanent, 200 with the revoked record, then gone everywhere', async () => {
    const { token, id } = await setup();
    const created = (await createWebhook(token, id, { name: 'd' })).body.data;
    const secret = secretOf(created.url);
    const res = await revokeWebhook(token, created.id);
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(Object.keys(res.body.data).sort()).toEqual(WEBHOOK_KEYS);
    expect(res.body.data).toMatchObject({ id: created.id, name: 'd', state: 'revoked' });
    expect(res.body.data.revokedAt).toMatch(ISO);
    expect(await findActiveWebhookBySecret(testDb(), secret)).toBeNull();

    expectError(await revokeWebhook(token, created.id), 404, 'not_found');
    expectError(await getWebhook(token, created.id), 404, 'not_found');
    expectError(await renameWebhook(token, created.id, { name: 'x' }), 404, 'not_found');
    expectError(await rotateWebhook(token, created.id), 404, 'not_found');
    expect((await listWebhooks(token, id)).body.data).toEqual([]);
    const row = await webhookRow(created.id);
    expect(row).toMatchObject({ state: 'revoked', name: 'd', secret_hash: sha256(secret) });
    expect(await findActiveWebhookBySecret(testDb(), secret)).toBeNull();
  });
});

describe('findActiveWebhookBySecret', () => {
  it('null for unknown, empty, oversized and hash-instead-of-secret lookups', async () => {
    const { token, id } = await setup();
    const secret = secretOf((await createWebhook(token, id, { name: 'f' })).body.data.url);
    for (const probe of [
      '',
      'twh_unknown',
      'x'.repeat(10_000),
      sha256(secret),
      secret.toUpperCase(),
      `${secret} `,
    ])
      expect(await findActiveWebhookBySecret(testDb(), probe)).toBeNull();
    expect(await findActiveWebhookBySecret(testDb(), secret)).not.toBeNull();
  });
});
