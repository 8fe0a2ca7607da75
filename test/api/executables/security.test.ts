import { describe, expect, it } from 'vitest';
import {
  activeExe,
  BUNDLES,
  createExe,
  deleteExe,
  exeAction,
  exeBody,
  exeWorld,
  getExe,
  patchFacet,
  uploadRelease,
  waitForExe,
} from '../../support/executables';
import { expectError, expectStatus } from '../../support/expect';
import { newKey, newMember } from '../../support/fixtures';
import { api } from '../../support/http';

describe("executables: another workspace's resources are 404 and never leaked", () => {
  it('reads, facets, actions and delete of a foreign executable → 404 not_found', async () => {
    const mine = await exeWorld();
    const theirs = await exeWorld();
    const exe = await activeExe(theirs);
    const checks = [
      await getExe(mine.token, exe.id),
      await deleteExe(mine.token, exe.id),
      await patchFacet(mine.token, exe.id, 'pinned', { pinned: true }),
      await patchFacet(mine.token, exe.id, 'profile', { profileId: mine.profileId }),
      await patchFacet(mine.token, exe.id, 'function', { functionId: mine.functionId }),
      ...(await Promise.all(
        ['pause', 'resume', 'reprovision', 'regenerate'].map((a) => exeAction(mine.token, exe.id, a)),
      )),
      await api(`/api/v1/executables?projectId=${theirs.projectId}`, { token: mine.token }),
    ];
    for (const res of checks) {
      expectError(res, 404, 'not_found');
      expect(res.text).not.toContain(theirs.projectId);
    }
    expect((await getExe(theirs.token, exe.id)).body.data).toMatchObject({ state: 'active', pinned: false });
  });

  it("creating with another workspace's function, profile or secret → 404 / 400, nothing created", async () => {
    const mine = await exeWorld({ plan: 'free' });
    const theirs = await exeWorld();
    expectError(
      await createExe(mine.token, exeBody(mine, { functionId: theirs.functionId })),
      404,
      'not_found',
    );
    expectError(
      await createExe(mine.token, exeBody(mine, { profileId: theirs.profileId })),
      404,
      'not_found',
    );
    expectError(await createExe(mine.token, exeBody(theirs)), 404, 'not_found');
    expectError(
      await createExe(
        mine.token,
        exeBody(mine, { secretBindings: [{ secretId: theirs.secretId, envKey: 'K' }] }),
      ),
      400,
      'secret_not_found',
    );
    const list = await api(`/api/v1/executables?projectId=${mine.projectId}`, { token: mine.token });
    expect(list.body.data).toEqual([]);
  });

  it("switching to another workspace's release or profile → 404", async () => {
    const mine = await exeWorld();
    const theirs = await exeWorld();
    const exe = await activeExe(mine);
    expectError(
      await patchFacet(mine.token, exe.id, 'profile', { profileId: theirs.profileId }),
      404,
      'not_found',
    );
    await exeAction(mine.token, exe.id, 'pause');
    expectError(
      await patchFacet(mine.token, exe.id, 'function', { functionId: theirs.functionId }),
      404,
      'not_found',
    );
  });
});

describe('executables: access', () => {
  it('members read but cannot change; a read-only key cannot write', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w);
    const member = await newMember(w.workspaceId, { role: 'member' });
    expectStatus(await getExe(member.token, exe.id), 200);
    expectError(await exeAction(member.token, exe.id, 'pause'), 403, 'forbidden');
    expectError(await createExe(member.token, exeBody(w)), 403, 'forbidden');
    const reader = await newKey(w, { scopes: ['executables:read'] });
    expectStatus(await getExe(reader.token, exe.id), 200);
    const denied = await patchFacet(reader.token, exe.id, 'pinned', { pinned: true });
    expectError(denied, 403, 'insufficient_scope');
  });

  it('records carry secret ids only, never values, sandbox references or workspace internals', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w, { secretBindings: [{ secretId: w.secretId, envKey: 'API_KEY' }] });
    const texts = [
      (await getExe(w.token, exe.id)).text,
      (await api(`/api/v1/executables?projectId=${w.projectId}`, { token: w.token })).text,
    ];
    for (const text of texts) {
      expect(text).not.toContain('very-secret-value');
      expect(text).not.toMatch(/sandboxRef|isolate:|deletedAt|workspaceId/);
    }
  });
});

describe('executables: the sandbox build isolates the bundle', () => {
  it('no host globals (process, require, Buffer) exist at module load', async () => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, BUNDLES.noHostGlobals);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state !== 'provisioning');
    expect(exe).toMatchObject({ state: 'active', stateReason: null });
  });

  it('an endless loop at load is cut by the timeout → error', async () => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, BUNDLES.loops);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state !== 'provisioning');
    expect(exe.state).toBe('error');
    expect(exe.stateReason).toMatch(/timed out|timeout/i);
  });

  it('a bundle over the 64 MB isolate memory limit → error, and the app keeps serving', async () => {
    const w = await exeWorld();
    const functionId = await uploadRelease(w, w.projectId, BUNDLES.memory);
    const res = await createExe(w.token, exeBody(w, { functionId }));
    const { exe } = await waitForExe(w.token, res.body.data.id, (e) => e.state !== 'provisioning', 30_000);
    expect(exe.state).toBe('error');
    expect(exe.stateReason).toMatch(/memory|timed out/i);
    expectStatus(await getExe(w.token, exe.id), 200);
  });
});
