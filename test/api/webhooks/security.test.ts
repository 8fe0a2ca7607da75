import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findActiveWebhookBySecret } from '@/lib/webhooks/service';
import { type ExtraApp, startExtraApp } from '../../support/app';
import { expectError, expectStatus } from '../../support/expect';
import { newKey, newMember, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { type ApiResponse, api } from '../../support/http';
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
  webhookRow,
  webhooksPath,
} from '../../support/webhooks';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  return { owner, id: exe.executableId, token: owner.token };
}

function expectNoSecret(res: ApiResponse | string, secrets: string[]) {
  const text = typeof res === 'string' ? res : res.text;
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(sha256(secret));
  }
  if (typeof res !== 'string') expect(text).not.toContain('/api/hooks/');
}

describe('webhooks: the secret URL', () => {
  it('appears only in the create and rotate responses: never in list, get, rename, delete, errors or the OpenAPI document', async () => {
    const { token, id } = await setup();
    const created = await createWebhook(token, id, { name: 'a' });
    const s1 = secretOf(created.body.data.url);
    const rotated = await rotateWebhook(token, created.body.data.id);
    const s2 = secretOf(rotated.body.data.url);
    const secrets = [s1, s2];
    const hookId = created.body.data.id;
    const responses = [
      await listWebhooks(token, id),
      await getWebhook(token, hookId),
      await renameWebhook(token, hookId, { name: 'b' }),
      await renameWebhook(token, hookId, { name: '' }), // 400
      await api(webhooksPath(id), { method: 'PUT', token }), // 405
      await revokeWebhook(token, hookId),
      await revokeWebhook(token, hookId), // 404
    ];
    for (const res of responses) expectNoSecret(res, secrets);
    expectNoSecret((await api('/api/v1/openapi.json')).text, secrets); // it documents the URL shape only
  });

  it('the database keeps only the hash: no table holds the secret, idempotency records included', async () => {
    const { owner, token, id } = await setup();
    const created = await createWebhook(token, id, { name: 'a' }, { 'idempotency-key': 'k-create' });
    const rotated = await rotateWebhook(token, created.body.data.id, { 'idempotency-key': 'k-rotate' });
    const secrets = [secretOf(created.body.data.url), secretOf(rotated.body.data.url)];
    const rows = await testDb().$sql`select * from webhooks where workspace_id = ${owner.workspaceId}`;
    const records = await testDb()
      .$sql`select * from idempotency_records where workspace_id = ${owner.workspaceId}`;
    for (const secret of secrets) {
      expect(JSON.stringify(rows)).not.toContain(secret);
      expect(JSON.stringify(records)).not.toContain(secret);
    }
    expect(rows[0].secret_hash).toBe(sha256(secrets[1]));
  });

  it('secrets are 256-bit random: a thousand lookups of near misses find nothing', async () => {
    const { token, id } = await setup();
    const secret = secretOf((await createWebhook(token, id, { name: 'n' })).body.data.url);
    const body = secret.slice(4);
    expect(Buffer.from(body, 'base64url')).toHaveLength(32);
    const last = body.at(-1) === 'A' ? 'B' : 'A';
    expect(await findActiveWebhookBySecret(testDb(), `twh_${body.slice(0, -1)}${last}`)).toBeNull();
    expect(await findActiveWebhookBySecret(testDb(), body)).toBeNull();
  });
});

describe('webhooks: the logs', () => {
  let app: ExtraApp;
  beforeAll(async () => {
    app = await startExtraApp({ LOG_LEVEL: 'debug' }, { captureOutput: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it('never carry a URL, a secret or its hash, at the most verbose level', async () => {
    const { token, id } = await setup();
    const baseUrl = app.baseUrl;
    const created = await api(webhooksPath(id), { method: 'POST', token, body: { name: 'l' }, baseUrl });
    expectStatus(created, 201);
    const hookId = created.body.data.id;
    const rotated = await api(`/api/v1/webhooks/${hookId}/rotate`, { method: 'POST', token, baseUrl });
    expectStatus(rotated, 200);
    const secrets = [secretOf(created.body.data.url, baseUrl), secretOf(rotated.body.data.url, baseUrl)];
    await api(webhooksPath(id), { token, baseUrl });
    await api(`/api/v1/webhooks/${hookId}`, { token, baseUrl });
    await api(`/api/v1/webhooks/${hookId}`, { method: 'PATCH', token, body: { name: 'm' }, baseUrl });
    await api(`/api/v1/webhooks/${hookId}`, { method: 'DELETE', token, baseUrl });
    expect(app.output()).toContain('Next.js'); // the output is really captured
    expectNoSecret(app.output(), secrets);
    expect(app.output()).not.toContain('/api/hooks/');
  });
});

describe('webhooks: tenancy', () => {
  it("another workspace's executables and webhooks are 404 on every route, and nothing of theirs changes", async () => {
    const mine = await setup();
    const theirs = await setup();
    const created = (await createWebhook(theirs.token, theirs.id, { name: 'Theirs' })).body.data;
    const theirSecret = secretOf(created.url);
    const t = mine.token;
    const refusals = [
      await listWebhooks(t, theirs.id),
      await createWebhook(t, theirs.id, { name: 'x' }),
      await getWebhook(t, created.id),
      await renameWebhook(t, created.id, { name: 'x' }),
      await rotateWebhook(t, created.id),
      await revokeWebhook(t, created.id),
    ];
    for (const res of refusals) {
      expectError(res, 404, 'not_found');
      expect(res.text).not.toContain(created.id);
      expect(res.text).not.toContain(theirs.id);
    }
    expect(await webhookRow(created.id)).toMatchObject({
      name: 'Theirs',
      state: 'active',
      rotated_at: null,
      secret_hash: sha256(theirSecret),
    });
    const [{ n }] = await testDb()
      .$sql`select count(*)::int as n from webhooks where executable_id = ${theirs.id}`;
    expect(n).toBe(1);
    expect((await findActiveWebhookBySecret(testDb(), theirSecret))?.id).toBe(created.id);
  });
});

describe('webhooks: scopes and roles', () => {
  it('reads need webhooks:read, mutations webhooks:write', async () => {
    const { owner, token, id } = await setup();
    const hook = (await createWebhook(token, id, { name: 's' })).body.data;
    const read = await newKey(owner, { scopes: ['webhooks:read'] });
    const write = await newKey(owner, { scopes: ['webhooks:write'] });
    expectStatus(await listWebhooks(read.token, id), 200);
    expectStatus(await getWebhook(read.token, hook.id), 200);
    for (const res of [
      await createWebhook(read.token, id, { name: 'x' }),
      await renameWebhook(read.token, hook.id, { name: 'x' }),
      await rotateWebhook(read.token, hook.id),
      await revokeWebhook(read.token, hook.id),
      await listWebhooks(write.token, id),
      await getWebhook(write.token, hook.id),
    ])
      expectError(res, 403, 'insufficient_scope');
    expect(await webhookRow(hook.id)).toMatchObject({ name: 's', state: 'active', rotated_at: null });
    expectStatus(await rotateWebhook(write.token, hook.id), 200);
  });

  it('a member may list and get but not create, rename, rotate or revoke', async () => {
    const { owner, token, id } = await setup();
    const hook = (await createWebhook(token, id, { name: 'r' })).body.data;
    const member = await newMember(owner.workspaceId, { role: 'member' });
    expectStatus(await listWebhooks(member.token, id), 200);
    expectStatus(await getWebhook(member.token, hook.id), 200);
    for (const res of [
      await createWebhook(member.token, id, { name: 'x' }),
      await renameWebhook(member.token, hook.id, { name: 'x' }),
      await rotateWebhook(member.token, hook.id),
      await revokeWebhook(member.token, hook.id),
    ])
      expectError(res, 403, 'forbidden');
    expect(await webhookRow(hook.id)).toMatchObject({ name: 'r', state: 'active', rotated_at: null });
  });
});
