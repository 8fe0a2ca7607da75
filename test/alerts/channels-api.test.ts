// The channels API on the shared test stack: validation (400 in the spec's error shape), private URLs refused
// without TICKWORK_NOTIFY_PRIVATE, scopes, tenancy, deletion and audit events.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtraApp, startExtraApp } from '../support/app';
import { expectError, expectStatus } from '../support/expect';
import { newKey, newProject, newWorkspace, testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';

async function setup() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  return { owner, projectId: project.id };
}

const create = (token: string, body: Record<string, unknown>, baseUrl?: string) =>
  api('/api/v1/channels', { method: 'POST', token, body: { name: 'ops', ...body }, baseUrl });

describe('channels API: validation', () => {
  it('refuses bad input with 400 invalid_request', async () => {
    const { owner, projectId } = await setup();
    const bad: Record<string, unknown>[] = [
      { kind: 'webhook', url: 'not a url' },
      { kind: 'webhook', url: 'ftp://example.com/x' },
      { kind: 'webhook' },
      { kind: 'slack', url: 'https://user:pw@hooks.example.com/x' },
      { kind: 'discord', url: 'https://discord.example.com/x', to: 'a@example.com' },
      { kind: 'email', to: 'not-an-address' },
      { kind: 'email' },
      { kind: 'telegram', botToken: 'nope', chatId: '1' },
      { kind: 'telegram', botToken: `1:${'a'.repeat(30)}`, chatId: 'x y' },
      { kind: 'sms', url: 'https://example.com' },
      { kind: 'webhook', url: 'https://example.com', extra: 1 },
      { kind: 'webhook', url: 'https://example.com', name: '' },
    ];
    for (const body of bad)
      expectError(await create(owner.token, { projectId, ...body }), 400, 'invalid_request');
    expect((await api(`/api/v1/channels?projectId=${projectId}`, { token: owner.token })).body.data).toEqual(
      [],
    );
  });

  describe('without TICKWORK_NOTIFY_PRIVATE', () => {
    let app: ExtraApp;
    beforeAll(async () => {
      app = await startExtraApp({ TICKWORK_NOTIFY_PRIVATE: '' });
    }, 90_000);
    afterAll(async () => {
      await app?.stop();
    });

    it('private, loopback and plain-http URLs are refused; a public https URL is accepted', async () => {
      const { owner, projectId } = await setup();
      for (const url of [
        'http://example.com/hook',
        'https://127.0.0.1/hook',
        'https://10.1.2.3/hook',
        'https://[::1]/hook',
        'https://169.254.169.254/latest',
        'https://localhost/hook',
        'https://0x7f000001/hook',
      ]) {
        const res = await create(owner.token, { projectId, kind: 'webhook', url }, app.baseUrl);
        expectError(res, 400, 'invalid_request');
      }
      const ok = await create(
        owner.token,
        { projectId, kind: 'slack', url: 'https://hooks.slack.com/services/T0/B0/xyz' },
        app.baseUrl,
      );
      expectStatus(ok, 201);
      expect(ok.body.data.config).toEqual({ host: 'hooks.slack.com' });
    });
  });
});

describe('channels API: access', () => {
  it('reads need alerts:read, changes alerts:write; other workspaces see 404', async () => {
    const { owner, projectId } = await setup();
    const created = await create(owner.token, { projectId, kind: 'email', to: 'ops@example.com' });
    expectStatus(created, 201);
    const id = created.body.data.id;
    const read = await newKey(owner, { scopes: ['alerts:read'] });
    expectStatus(await api(`/api/v1/channels/${id}`, { token: read.token }), 200);
    expectStatus(await api(`/api/v1/channels/${id}/deliveries`, { token: read.token }), 200);
    expectError(
      await create(read.token, { projectId, kind: 'email', to: 'a@example.com' }),
      403,
      'insufficient_scope',
    );
    expectError(
      await api(`/api/v1/channels/${id}/test`, { method: 'POST', token: read.token }),
      403,
      'insufficient_scope',
    );
    const none = await newKey(owner, { scopes: ['projects:read'] });
    expectError(await api(`/api/v1/channels/${id}`, { token: none.token }), 403, 'insufficient_scope');

    const other = await newWorkspace();
    expectError(await api(`/api/v1/channels/${id}`, { token: other.token }), 404, 'not_found');
    expectError(
      await api(`/api/v1/channels/${id}`, { method: 'DELETE', token: other.token }),
      404,
      'not_found',
    );
    expectError(
      await api(`/api/v1/channels?projectId=${projectId}`, { token: other.token }),
      404,
      'not_found',
    );
  });

  it('create and delete are audited (no credentials in the details); a deleted channel is gone and its pending rows dropped', async () => {
    const { owner, projectId } = await setup();
    const url = `https://hooks.example.com/${uniq()}${uniq()}`;
    const created = await create(owner.token, { projectId, kind: 'webhook', url });
    expectStatus(created, 201);
    const { id, signingSecret } = created.body.data;
    const listed = await api(`/api/v1/channels?projectId=${projectId}`, { token: owner.token });
    expect(listed.body.data.map((c: any) => c.id)).toEqual([id]);
    expect(listed.text).not.toContain(signingSecret);
    expect(listed.text).not.toContain(url);
    expect(Object.keys(listed.body.data[0]).sort()).toEqual(
      [
        'config',
        'consecutiveFailures',
        'createdAt',
        'id',
        'kind',
        'lastDeliveredAt',
        'lastFailedAt',
        'name',
        'projectId',
        'state',
      ].sort(),
    );

    const deleted = await api(`/api/v1/channels/${id}`, { method: 'DELETE', token: owner.token });
    expectStatus(deleted, 200);
    expect(deleted.body.data).toEqual(expect.objectContaining({ id, deleted: true }));
    expectError(await api(`/api/v1/channels/${id}`, { token: owner.token }), 404, 'not_found');
    expectError(
      await api(`/api/v1/channels/${id}/test`, { method: 'POST', token: owner.token }),
      404,
      'not_found',
    );
    const [row] = await testDb().$sql`select encrypted_secret from notification_channels where id = ${id}`;
    expect(row.encrypted_secret).toBeNull();

    const events = await testDb()
      .$sql`select action, target_id, details::text as details from audit_events where workspace_id = ${owner.workspaceId} order by id`;
    expect(events.map((e) => [e.action, e.target_id])).toEqual([
      ['notification_channel.created', id],
      ['notification_channel.deleted', id],
    ]);
    for (const e of events) {
      expect(e.details).not.toContain(signingSecret);
      expect(e.details).not.toContain(url);
    }
  });
});
