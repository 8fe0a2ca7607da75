// Roles profiles end to end on the test stack: a 2-of-3 Safe's owners sign one Safe transaction that deploys a
// Zodiac Roles v2 modifier, enables it and scopes the executor's role; coverage is read from the chain, so every
// route the spec names answers 409 permissions_not_covered (naming the missing call and the Safe transaction
// that would allow it) until the owners extend the role; runs go through the role as sponsored user operations
// from the Safe, and a call the owners revoke behind Tickwork's back fails with the decoded Roles error.

import { type Address, encodeFunctionData, getAddress, toFunctionSelector } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolesAbi } from 'zodiac-roles-sdk';
import { operatorActor } from '@/lib/audit/actor';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER, DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { prepareRoleChange } from '@/lib/profiles/roles';
import { getSafeTransactionView } from '@/lib/profiles/safe-transactions';
import { TICKWORK_ROLE_KEY } from '@/lib/zodiac/role';
import { testStackChain } from '../support/chain';
import { createExe, exeAction, exeBody, patchFacet, uploadRelease } from '../support/executables';
import { expectError } from '../support/expect';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { createProfile, profileAction, waitForProfile } from '../support/profiles';
import { runnableExe, runToEnd } from '../support/runs';
import {
  CALLS_TASK,
  increment,
  incrementCallers,
  ownersExecute,
  type SafeWorld,
  safeWorld,
  signAndExecute,
} from '../support/safes';

const { client } = testStackChain();
const counter = LOCAL_DEMO_CONTRACTS.counter;
const token = LOCAL_DEMO_CONTRACTS.token;
const INCREMENT = toFunctionSelector('increment()');

const topUp = (who: Address) => ({
  to: token,
  data: encodeFunctionData({ abi: DEMO_TOKEN.abi, functionName: 'topUp', args: [who] }),
  value: '0',
});
const permits = (...calls: { to: string; functions: string[] }[]) => JSON.stringify({ calls });
const INC_ONLY = permits({ to: counter, functions: ['increment()'] });
const TOP_UP = permits({ to: token, functions: ['topUp(address)'] });
const APPROVE = permits({ to: token, functions: ['approve(address,uint256)'] });
const BY_ARGS = permits({ to: '$args.target', functions: ['increment()'] });

const incrementsBy = (who: Address) =>
  client.readContract({ address: counter, abi: DEMO_COUNTER.abi, functionName: 'incrementsBy', args: [who] });

let w: SafeWorld;
beforeAll(async () => {
  w = await safeWorld({ roles: { scope: [{ to: counter, functions: [INCREMENT] }] } });
}, 90_000);

const exe = (permissions: string, extra: Record<string, unknown> = {}) =>
  runnableExe(w, CALLS_TASK, {
    files: { 'permissions.json': permissions },
    exe: { args: JSON.stringify({ calls: [increment] }), gasMode: 'sponsored', ...extra },
  });

async function release(permissions: string) {
  return uploadRelease(w, w.projectId, CALLS_TASK, { 'permissions.json': permissions });
}

function expectNotCovered(res: { status: number; body: any }, to: string, fn: string) {
  expectError(res as never, 409, 'permissions_not_covered');
  expect(res.body.missing).toEqual([{ to, functions: [fn] }]);
}

describe('roles onboarding', () => {
  it('one Safe transaction deployed the modifier, enabled it and scoped the role, all described in words', async () => {
    const profile = (await api(`/api/v1/profiles/${w.profileId}`, { token: w.token })).body.data;
    expect(profile).toMatchObject({ kind: 'roles', state: 'active', address: w.safe, stateReason: null });
    expect(profile.roles).toEqual({ modifier: expect.any(String), roleKey: TICKWORK_ROLE_KEY });
    const view = await getSafeTransactionView(testDb(), w.enableTransactionId);
    expect(view.state).toBe('executed');
    const words = view.calls.map((c) => c.description);
    expect(words[0]).toMatch(/^Deploy a Zodiac Roles v2 modifier/);
    expect(words[1]).toBe(
      `Enable ${profile.roles.modifier} as a module of the Safe: it can then execute transactions from it`,
    );
    expect(words).toContain(`Give role "tickwork" to ${w.executor}`);
    expect(words).toContain(`Role "tickwork": allow ${INCREMENT} on ${counter}`);
  });

  it('a scoped call runs to confirmed from the Safe, sponsored; other gas modes are refused', async () => {
    const e = await exe(INC_ONLY);
    const before = await incrementsBy(w.safe);
    const { execution } = await runToEnd(w.token, e.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(execution.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await incrementsBy(w.safe)).toBe(before + 1n);
    expect(await incrementCallers(execution.txHash)).toEqual([w.safe]);
    const functionId = await release(INC_ONLY);
    for (const gasMode of ['self', 'self-funded'])
      expectError(
        await createExe(w.token, exeBody({ ...w, functionId, secretId: '' }, { gasMode })),
        400,
        'gas_mode_not_allowed',
      );
  });
});

describe('coverage from the chain', () => {
  it('create → 409 naming the call and the covering Safe transaction; after the owners extend the role it succeeds', async () => {
    const functionId = await release(TOP_UP);
    const body = exeBody(
      { ...w, functionId, secretId: '' },
      { gasMode: 'sponsored', args: JSON.stringify({ calls: [topUp(w.safe)] }) },
    );
    const refused = await createExe(w.token, body);
    expectNotCovered(refused, token, 'topUp(address)');
    const covering = refused.body.coveringTransaction;
    expect(covering).toMatchObject({ safe: w.safe, safeTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/) });
    expect(covering.calls.map((c: { description: string }) => c.description)).toContain(
      `Role "tickwork": allow topUp(address) (${toFunctionSelector('topUp(address)')}) on ${token}`,
    );

    const changeId = await prepareRoleChange(testDb(), w.workspaceId, operatorActor(), w.profileId, [
      { to: token, functions: [toFunctionSelector('topUp(address)')] },
    ]);
    expect((await getSafeTransactionView(testDb(), changeId)).safeTxHash).toBe(covering.safeTxHash);
    await signAndExecute(changeId, [w.owners[0], w.owners[1]]);
    const created = await createExe(w.token, body);
    expect(created.status).toBe(201);
  });

  it('function switch, profile switch, args change and resume recheck coverage', async () => {
    // function switch: a paused executable to a release that needs approve
    const e = await exe(INC_ONLY);
    expect((await exeAction(w.token, e.id, 'pause')).status).toBe(200);
    const approveRelease = await release(APPROVE);
    const switched = await api(`/api/v1/executables/${e.id}/function`, {
      method: 'PATCH',
      token: w.token,
      body: { functionId: approveRelease },
    });
    expectNotCovered(switched, token, 'approve(address,uint256)');

    // profile switch: an executable on a legacy profile (covers everything) moved to the roles profile
    const legacy = await createProfile(w.token, { projectId: w.projectId, alias: 'plain', chainId: 31337 });
    await waitForProfile(w.token, legacy.body.data.id, (p) => p.state === 'active');
    const onLegacy = await createExe(
      w.token,
      exeBody(
        { ...w, functionId: approveRelease, secretId: '', profileId: legacy.body.data.id },
        { gasMode: 'sponsored' },
      ),
    );
    expect(onLegacy.status).toBe(201);
    const moved = await patchFacet(w.token, onLegacy.body.data.id, 'profile', { profileId: w.profileId });
    expectNotCovered(moved, token, 'approve(address,uint256)');

    // args: a release whose target comes from args.target
    const byArgs = await exe(BY_ARGS, { args: JSON.stringify({ target: counter, calls: [increment] }) });
    expectNotCovered(
      await patchFacet(w.token, byArgs.id, 'args', { args: JSON.stringify({ target: token, calls: [] }) }),
      token,
      'increment()',
    );
    expectNotCovered(
      await patchFacet(w.token, byArgs.id, 'args', { args: JSON.stringify({ calls: [] }) }),
      '$args.target',
      'increment()',
    );

    // resume after the owners revoked increment on chain, behind Tickwork's back
    const active = await exe(INC_ONLY);
    await ownersExecute(w.safe, [w.owners[1], w.owners[2]], {
      to: (await api(`/api/v1/profiles/${w.profileId}`, { token: w.token })).body.data.roles.modifier,
      data: encodeFunctionData({
        abi: rolesAbi,
        functionName: 'revokeFunction',
        args: [TICKWORK_ROLE_KEY, counter, INCREMENT],
      }),
    });
    const { execution } = await runToEnd(w.token, active.id);
    expect(execution).toMatchObject({ status: 'failed', txHash: null, userOpHash: null });
    expect(execution.error.code).toBe('simulation_reverted');
    expect(execution.error.message).toBe(
      `call #0 (zero-based) to ${counter} reverted with the Roles error ConditionViolation: FunctionNotAllowed (function ${INCREMENT})`,
    );
    expect((await exeAction(w.token, active.id, 'pause')).status).toBe(200);
    expectNotCovered(await exeAction(w.token, active.id, 'resume'), counter, 'increment()');
  });
});

describe('rules', () => {
  it('a roles profile can be shared into another project: same Safe, executor and role', async () => {
    const { newProject } = await import('../support/fixtures');
    const target = await newProject(w.workspaceId);
    const shared = await profileAction(w.token, w.profileId, 'share', { targetProjectId: target.id });
    expect(shared.status).toBe(201);
    const source = (await api(`/api/v1/profiles/${w.profileId}`, { token: w.token })).body.data;
    expect(shared.body.data).toMatchObject({
      kind: 'roles',
      state: 'active',
      address: source.address,
      roles: source.roles,
      executor: { address: source.executor.address },
    });
    expect(getAddress(newAddress())).toBeTruthy();
  });
});
