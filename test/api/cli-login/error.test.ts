import { describe, expect, it } from 'vitest';
import { decideCliLogin } from '@/lib/auth/cli-login';
import { expectError } from '../../support/expect';
import { newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

const startLogin = () => api('/api/cli/login', { method: 'POST', body: {} });
const poll = (deviceCode: string) => api('/api/cli/token', { method: 'POST', body: { deviceCode } });

describe('management login: errors', () => {
  it('denied in the console → access_denied', async () => {
    const owner = await newWorkspace();
    const { deviceCode, userCode } = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: false,
    });
    expectError(await poll(deviceCode), 400, 'access_denied');
    const [row] = await testDb()
      .$sql`select api_key_id, workspace_id from cli_logins where user_code = ${userCode}`;
    expect(row).toEqual({ api_key_id: null, workspace_id: null });
  });

  it('expired → expired_token, and it can no longer be approved', async () => {
    const owner = await newWorkspace();
    const { deviceCode, userCode } = (await startLogin()).body.data;
    await testDb()
      .$sql`update cli_logins set expires_at = now() - interval '1 second' where user_code = ${userCode}`;
    expectError(await poll(deviceCode), 400, 'expired_token');
    await expect(
      decideCliLogin(testDb(), {
        userCode,
        userId: owner.userId,
        workspaceId: owner.workspaceId,
        approve: true,
      }),
    ).rejects.toMatchObject({ status: 404, code: 'not_found' });
  });

  it('approved but expired before the poll → expired_token, no key minted', async () => {
    const owner = await newWorkspace();
    const { deviceCode, userCode } = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    await testDb()
      .$sql`update cli_logins set expires_at = now() - interval '1 second' where user_code = ${userCode}`;
    expectError(await poll(deviceCode), 400, 'expired_token');
    const keys = await testDb()
      .$sql`select 1 from api_keys where workspace_id = ${owner.workspaceId} and name like 'CLI login%'`;
    expect(keys).toHaveLength(0);
  });

  it('slow_down only while polling faster than the interval; afterwards pending again', async () => {
    const { deviceCode, userCode } = (await startLogin()).body.data;
    expectError(await poll(deviceCode), 400, 'authorization_pending');
    expectError(await poll(deviceCode), 400, 'slow_down');
    await testDb()
      .$sql`update cli_logins set last_polled_at = now() - interval '5 seconds' where user_code = ${userCode}`;
    expectError(await poll(deviceCode), 400, 'authorization_pending');
  });

  it('an unknown device code → invalid_grant', async () => {
    expectError(await poll('not-a-device-code'), 400, 'invalid_grant');
  });

  it('bad bodies → 400 invalid_request', async () => {
    expectError(await api('/api/cli/token', { method: 'POST', body: {} }), 400, 'invalid_request');
    expectError(
      await api('/api/cli/token', { method: 'POST', body: { deviceCode: '' } }),
      400,
      'invalid_request',
    );
    expectError(
      await api('/api/cli/token', { method: 'POST', body: { deviceCode: 7 } }),
      400,
      'invalid_request',
    );
    expectError(await api('/api/cli/token', { method: 'POST', raw: '{' }), 400, 'invalid_request');
    expectError(await api('/api/cli/login', { method: 'POST', raw: 'nope' }), 400, 'invalid_request');
    expectError(
      await api('/api/cli/login', { method: 'POST', body: { clientName: 'x'.repeat(65) } }),
      400,
      'invalid_request',
    );
    expectError(
      await api('/api/cli/login', { method: 'POST', body: { clientName: '   ' } }),
      400,
      'invalid_request',
    );
  });

  it('approving an unknown or already decided code → 404', async () => {
    const owner = await newWorkspace();
    await expect(
      decideCliLogin(testDb(), {
        userCode: 'ZZZZ-ZZZZ',
        userId: owner.userId,
        workspaceId: owner.workspaceId,
        approve: true,
      }),
    ).rejects.toMatchObject({ status: 404 });
    const { userCode } = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    await expect(
      decideCliLogin(testDb(), {
        userCode,
        userId: owner.userId,
        workspaceId: owner.workspaceId,
        approve: false,
      }),
    ).rejects.toMatchObject({ status: 404 });
  });
});
