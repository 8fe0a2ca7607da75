import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';
import {
  activeCount,
  createWebhook,
  getWebhook,
  listWebhooks,
  renameWebhook,
  revokeWebhook,
  rotateWebhook,
  webhookRow,
  webhooksPath,
} from '../../support/webhooks';

async function setup(state?: 'paused' | 'deleted') {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id, { state });
  return { owner, project, exe, id: exe.executableId, token: owner.token };
}

const BAD_NAMES: unknown[] = [
  {},
  { name: '' },
  { name: '   ' },
  { name: 'x'.repeat(101) },
  { name: 7 },
  { name: null },
  { name: 'ok', url: 'https://example.com' },
  { name: 'ok', secret: 'mine' },
  [{ name: 'ok' }],
];

describe('webhooks: request validation', () => {
  it('create and rename: a missing, empty, too long or mistyped name, or an unknown field → 400', async () => {
    const { token, id } = await setup();
    for (const body of BAD_NAMES) {
      const res = await createWebhook(token, id, body);
      expectError(res, 400, 'invalid_request');
      expect(Array.isArray(res.body.details)).toBe(true);
    }
    expect(await activeCount(id)).toBe(0);
    const hook = (await createWebhook(token, id, { name: 'keep' })).body.data;
    for (const body of BAD_NAMES)
      expectError(await renameWebhook(token, hook.id, body), 400, 'invalid_request');
    expect((await webhookRow(hook.id)).name).toBe('keep');
    expectStatus(await createWebhook(token, id, { name: 'x'.repeat(100) }), 201);
  });
});

describe('webhooks: 10 active per executable', () => {
  it('the 11th → 409 webhook_limit_reached; revoking one frees a slot; other executables are separate', async () => {
    const { owner, project, token, id } = await setup();
    const hooks = [];
    for (let i = 0; i < 10; i++) {
      const res = await createWebhook(token, id, { name: `h${i}` });
      expectStatus(res, 201);
      hooks.push(res.body.data);
    }
    const over = await createWebhook(token, id, { name: 'eleventh' });
    expectError(over, 409, 'webhook_limit_reached');
    expect(over.body.limit).toBe(10);
    expect(await activeCount(id)).toBe(10);
    // rotating and renaming do not count as new
    expectStatus(await rotateWebhook(token, hooks[0].id), 200);
    expectStatus(await renameWebhook(token, hooks[0].id, { name: 'renamed' }), 200);

    const other = await seedExecutable(owner.workspaceId, project.id);
    expectStatus(await createWebhook(token, other.executableId, { name: 'elsewhere' }), 201);

    expectStatus(await revokeWebhook(token, hooks[3].id), 200);
    expectStatus(await createWebhook(token, id, { name: 'replacement' }), 201);
    expectError(await createWebhook(token, id, { name: 'twelfth' }), 409, 'webhook_limit_reached');
    expect((await listWebhooks(token, id)).body.data).toHaveLength(10);
  });

  it('10 parallel creates past the limit: exactly the free slots are filled, the rest get 409', async () => {
    const { token, id } = await setup();
    for (let i = 0; i < 5; i++) expectStatus(await createWebhook(token, id, { name: `pre${i}` }), 201);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => createWebhook(token, id, { name: `par${i}` })),
    );
    const statuses = results.map((r) => r.status).sort();
    expect(statuses, results.map((r) => r.text).join('\n')).toEqual([
      ...Array(5).fill(201),
      ...Array(5).fill(409),
    ]);
    for (const r of results.filter((x) => x.status === 409)) expectError(r, 409, 'webhook_limit_reached');
    expect(await activeCount(id)).toBe(10);
  });

  it('20 parallel creates on an executable without webhooks: exactly 10 succeed', async () => {
    const { token, id } = await setup();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => createWebhook(token, id, { name: `p${i}` })),
    );
    expect(results.filter((r) => r.status === 201)).toHaveLength(10);
    expect(results.filter((r) => r.status === 409)).toHaveLength(10);
    expect(await activeCount(id)).toBe(10);
  });
});

describe('webhooks: addressing', () => {
  it('unknown ids → 404 on every route', async () => {
    const { token } = await setup();
    for (const hookId of ['whk_01J0000000000000000000000', 'nope']) {
      expectError(await getWebhook(token, hookId), 404, 'not_found');
      expectError(await renameWebhook(token, hookId, { name: 'x' }), 404, 'not_found');
      expectError(await revokeWebhook(token, hookId), 404, 'not_found');
      expectError(await rotateWebhook(token, hookId), 404, 'not_found');
    }
    expectError(await listWebhooks(token, 'exe_unknown'), 404, 'not_found');
    expectError(await createWebhook(token, 'exe_unknown', { name: 'x' }), 404, 'not_found');
  });

  it('a deleted executable: no list, no create, and its webhooks are gone from every route', async () => {
    const { token, id } = await setup();
    const hook = (await createWebhook(token, id, { name: 'before delete' })).body.data;
    await testDb().$sql`update executables set state = 'deleted', deleted_at = now() where id = ${id}`;
    expectError(await listWebhooks(token, id), 404, 'not_found');
    expectError(await createWebhook(token, id, { name: 'x' }), 404, 'not_found');
    expectError(await getWebhook(token, hook.id), 404, 'not_found');
    expectError(await renameWebhook(token, hook.id, { name: 'x' }), 404, 'not_found');
    expectError(await rotateWebhook(token, hook.id), 404, 'not_found');
    expectError(await revokeWebhook(token, hook.id), 404, 'not_found');
    expect(await webhookRow(hook.id)).toMatchObject({ name: 'before delete', state: 'active' });
  });

  it('methods the routes do not serve → 405 with Allow', async () => {
    const { token, id } = await setup();
    const hook = (await createWebhook(token, id, { name: 'm' })).body.data;
    const cases: [string, string[], string][] = [
      [webhooksPath(id), ['PATCH', 'PUT', 'DELETE'], 'GET, POST'],
      [`/api/v1/webhooks/${hook.id}`, ['POST', 'PUT'], 'GET, PATCH, DELETE'],
      [`/api/v1/webhooks/${hook.id}/rotate`, ['GET', 'PATCH', 'PUT', 'DELETE'], 'POST'],
    ];
    for (const [path, methods, allow] of cases)
      for (const method of methods) {
        const res = await api(path, { method, token });
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.get('allow')).toBe(allow);
      }
  });
});

describe('webhooks: Idempotency-Key', () => {
  it('create and rotate do not replay (the URL is never stored): a retried create makes another webhook', async () => {
    const { token, id } = await setup();
    const headers = { 'idempotency-key': `create-${id}` };
    const a = await createWebhook(token, id, { name: 'same' }, headers);
    const b = await createWebhook(token, id, { name: 'same' }, headers);
    expectStatus(a, 201);
    expectStatus(b, 201);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expect(b.body.data.id).not.toBe(a.body.data.id);
    expect(b.body.data.url).not.toBe(a.body.data.url);
    const r1 = await rotateWebhook(token, a.body.data.id, { 'idempotency-key': 'rot' });
    const r2 = await rotateWebhook(token, a.body.data.id, { 'idempotency-key': 'rot' });
    expect(r2.headers.get('idempotency-replayed')).toBeNull();
    expect(r2.body.data.url).not.toBe(r1.body.data.url);
  });

  it('rename and delete replay as usual', async () => {
    const { token, id } = await setup();
    const hook = (await createWebhook(token, id, { name: 'i' })).body.data;
    const headers = { 'idempotency-key': `del-${hook.id}` };
    const first = await api(`/api/v1/webhooks/${hook.id}`, { method: 'DELETE', token, headers });
    const again = await api(`/api/v1/webhooks/${hook.id}`, { method: 'DELETE', token, headers });
    expectStatus(first, 200);
    expectStatus(again, 200);
    expect(again.headers.get('idempotency-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
  });
});
