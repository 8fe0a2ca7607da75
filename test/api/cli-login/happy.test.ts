import { describe, expect, it } from 'vitest';
import { decideCliLogin } from '@/lib/auth/cli-login';
import { SCOPES } from '@/lib/auth/scopes';
import { expectDataEnvelope, expectError, expectStatus } from '../../support/expect';
import { newMember, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

const startLogin = (clientName?: string) =>
  api('/api/cli/login', { method: 'POST', body: clientName === undefined ? {} : { clientName } });
const poll = (deviceCode: string) => api('/api/cli/token', { method: 'POST', body: { deviceCode } });

describe('management login: happy path', () => {
  it('start → 201 with deviceCode, userCode, verificationUrl, interval and expiry', async () => {
    const res = await startLogin('my laptop');
    expectStatus(res, 201);
    expectDataEnvelope(res);
    const d = res.body.data;
    expect(Object.keys(d).sort()).toEqual(
      [
        'deviceCode',
        'expiresIn',
        'interval',
        'userCode',
        'verificationUrl',
        'verificationUrlComplete',
      ].sort(),
    );
    expect(d.deviceCode).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(d.userCode).toMatch(/^[B-DF-HJ-NP-TV-XZ2-9]{4}-[B-DF-HJ-NP-TV-XZ2-9]{4}$/);
    expect(new URL(d.verificationUrl).pathname).toBe('/cli/authorize');
    expect(d.verificationUrlComplete).toBe(`${d.verificationUrl}?code=${encodeURIComponent(d.userCode)}`);
    expect(d).toMatchObject({ expiresIn: 600, interval: 2 });
    // only the hash of the device code is stored
    const rows = await testDb()
      .$sql`select device_code_hash, client_name from cli_logins where user_code = ${d.userCode}`;
    expect(rows).toHaveLength(1);
    expect(rows[0].device_code_hash).not.toBe(d.deviceCode);
    expect(rows[0].client_name).toBe('my laptop');
  });

  it('pending → slow_down when too fast → approved by the owner → a key bound to exactly that workspace, once', async () => {
    const owner = await newWorkspace();
    const other = await newWorkspace();
    const { deviceCode, userCode } = (await startLogin()).body.data;

    expectError(await poll(deviceCode), 400, 'authorization_pending');
    const fast = await poll(deviceCode);
    expectError(fast, 400, 'slow_down');
    expect(fast.headers.get('retry-after')).toBe('2');

    // the console accepts the code in any case and without the hyphen
    await decideCliLogin(testDb(), {
      userCode: userCode.replace('-', '').toLowerCase(),
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });

    const granted = await poll(deviceCode);
    expectStatus(granted, 200);
    expectDataEnvelope(granted);
    const g = granted.body.data;
    expect(Object.keys(g).sort()).toEqual(['keyId', 'scopes', 'token', 'workspaceId']);
    expect(g.workspaceId).toBe(owner.workspaceId);
    expect([...g.scopes].sort()).toEqual([...SCOPES].sort());
    expect(g.token).toMatch(/^tw_/);

    const [key] = await testDb()
      .$sql`select workspace_id, user_id, scopes, token_hash from api_keys where id = ${g.keyId}`;
    expect(key.workspace_id).toBe(owner.workspaceId);
    expect(key.user_id).toBe(owner.userId);
    expect([...key.scopes].sort()).toEqual([...SCOPES].sort());
    expect(key.token_hash).not.toBe(g.token);

    const projects = await api('/api/v1/projects', { token: g.token });
    expect(projects.status).toBe(200);
    const created = await api('/api/v1/projects', {
      method: 'POST',
      token: g.token,
      body: { name: 'CLI', slug: 'cli' },
    });
    expect(created.status).toBe(201);
    expectError(
      await api('/api/v1/projects', { token: g.token, headers: { 'x-workspace-id': other.workspaceId } }),
      403,
      'workspace_mismatch',
    );
    expectError(
      await api(`/api/v1/projects?workspaceId=${other.workspaceId}`, { token: g.token }),
      403,
      'workspace_mismatch',
    );

    // the grant is handed out once
    expectError(await poll(deviceCode), 400, 'invalid_grant');
    expectError(await poll(deviceCode), 400, 'invalid_grant');
  });

  it('an admin may approve too', async () => {
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const { deviceCode, userCode } = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode,
      userId: admin.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    const g = (await poll(deviceCode)).body.data;
    expect(g.workspaceId).toBe(owner.workspaceId);
    expect((await api('/api/v1/projects', { token: g.token })).status).toBe(200);
  });

  it('clientName defaults to "tickwork CLI"', async () => {
    const { userCode } = (await startLogin()).body.data;
    const [row] = await testDb().$sql`select client_name from cli_logins where user_code = ${userCode}`;
    expect(row.client_name).toBe('tickwork CLI');
  });
});
