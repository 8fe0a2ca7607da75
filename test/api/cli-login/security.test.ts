import { describe, expect, it } from 'vitest';
import { revokeApiKey } from '@/lib/auth/api-keys';
import { decideCliLogin } from '@/lib/auth/cli-login';
import { removeMembership } from '@/lib/workspaces/service';
import { expectError } from '../../support/expect';
import { newMember, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';

const startLogin = () => api('/api/cli/login', { method: 'POST', body: {} });
const poll = (deviceCode: string) => api('/api/cli/token', { method: 'POST', body: { deviceCode } });

describe('management login: security', () => {
  it('a member cannot approve (403 forbidden) and the login stays pending', async () => {
    const owner = await newWorkspace();
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const { deviceCode, userCode } = (await startLogin()).body.data;
    await expect(
      decideCliLogin(testDb(), {
        userCode,
        userId: member.userId,
        workspaceId: owner.workspaceId,
        approve: true,
      }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden' });
    expectError(await poll(deviceCode), 400, 'authorization_pending');
  });

  it('a non-member cannot approve for a workspace', async () => {
    const owner = await newWorkspace();
    const stranger = await newWorkspace();
    const { userCode } = (await startLogin()).body.data;
    await expect(
      decideCliLogin(testDb(), {
        userCode,
        userId: stranger.userId,
        workspaceId: owner.workspaceId,
        approve: true,
      }),
    ).rejects.toMatchObject({ status: 403, code: 'forbidden' });
  });

  it('the user code alone does not grant anything: only the device code polls', async () => {
    const owner = await newWorkspace();
    const { userCode } = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    expectError(await poll(userCode), 400, 'invalid_grant');
  });

  it('the granted key dies with the approver’s membership and with revocation', async () => {
    const owner = await newWorkspace();
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    const first = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode: first.userCode,
      userId: admin.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    const a = (await poll(first.deviceCode)).body.data;
    expect((await api('/api/v1/projects', { token: a.token })).status).toBe(200);
    await removeMembership(testDb(), { workspaceId: owner.workspaceId, userId: admin.userId });
    expectError(await api('/api/v1/projects', { token: a.token }), 403, 'forbidden');

    const second = (await startLogin()).body.data;
    await decideCliLogin(testDb(), {
      userCode: second.userCode,
      userId: owner.userId,
      workspaceId: owner.workspaceId,
      approve: true,
    });
    const b = (await poll(second.deviceCode)).body.data;
    await revokeApiKey(testDb(), {
      keyId: b.keyId,
      workspaceId: owner.workspaceId,
      userId: owner.userId,
      canManageWorkspaceKeys: true,
    });
    expectError(await api('/api/v1/projects', { token: b.token }), 401, 'unauthorized');
  });

  it('the login routes need no credential (a stray Authorization header is ignored)', async () => {
    const res = await startLogin();
    expect(res.status).toBe(201);
    const withGarbage = await api('/api/cli/login', {
      method: 'POST',
      body: {},
      headers: { authorization: 'Bearer x' },
    });
    expect(withGarbage.status).toBe(201);
  });
});
