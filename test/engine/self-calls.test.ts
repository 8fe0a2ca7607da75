// Safe and roles profiles refuse calls to themselves (the Safe, the Roles modifier, the executor) unless the
// Safe's owners allowed them by signature: on every coverage route (409 call_not_permitted naming the call) and
// again at run time, before anything is simulated or signed (an executable bound before the rule, or a release
// whose permissions a check did not see). The opt-in is a Safe transaction the owners sign and execute like the
// module's enablement: the Safe signs, through SignMessageLib, a message per allowed call; then that call goes
// through and changes the Safe, while every other self-call stays refused.
import { eq } from 'drizzle-orm';
import { type Address, encodeFunctionData, getAddress, parseAbi, toFunctionSelector } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { rolesAbi } from 'zodiac-roles-sdk';
import { executables } from '@/db/schema';
import { operatorActor } from '@/lib/audit/actor';
import { prepareSelfCallAllowance } from '@/lib/profiles/allow-self-calls';
import { getSafeTransactionView } from '@/lib/profiles/safe-transactions';
import { safeAbi } from '@/lib/safe/abi';
import { TICKWORK_ROLE_KEY } from '@/lib/zodiac/role';
import { testStackChain } from '../support/chain';
import { createExe, exeAction, exeBody, uploadRelease, waitForExe } from '../support/executables';
import { expectError } from '../support/expect';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { runnableExe, runToEnd } from '../support/runs';
import { CALLS_TASK, increment, type SafeWorld, safeWorld, signAndExecute } from '../support/safes';

const { client } = testStackChain();
const INCREMENT = toFunctionSelector('increment()');
const ADD_OWNER = 'addOwnerWithThreshold(address,uint256)';
const CHANGE_THRESHOLD = 'changeThreshold(uint256)';
const SCOPE_TARGET = 'scopeTarget(bytes32,address)';

const permits = (...calls: { to: string; functions: string[] }[]) =>
  JSON.stringify({ calls: [{ to: increment.to, functions: ['increment()'] }, ...calls] });

const SAFE_OWNER_ABI = parseAbi([
  'function addOwnerWithThreshold(address owner, uint256 _threshold)',
  'function changeThreshold(uint256 _threshold)',
]);

const addOwner = (safe: Address, owner: Address) => ({
  to: safe,
  data: encodeFunctionData({ abi: SAFE_OWNER_ABI, functionName: 'addOwnerWithThreshold', args: [owner, 2n] }),
  value: '0',
});
const changeThreshold = (safe: Address) => ({
  to: safe,
  data: encodeFunctionData({ abi: SAFE_OWNER_ABI, functionName: 'changeThreshold', args: [1n] }),
  value: '0',
});

const owners = (safe: Address) =>
  client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' });

let safeW: SafeWorld;
let rolesW: SafeWorld;
let modifier: Address;
beforeAll(async () => {
  [safeW, rolesW] = await Promise.all([
    safeWorld(),
    safeWorld({ roles: { scope: [{ to: increment.to, functions: [INCREMENT] }] } }),
  ]);
  const profile = (await api(`/api/v1/profiles/${rolesW.profileId}`, { token: rolesW.token })).body.data;
  modifier = getAddress(profile.roles.modifier);
}, 180_000);

const release = (w: SafeWorld, permissions: string) =>
  uploadRelease(w, w.projectId, CALLS_TASK, { 'permissions.json': permissions });

const createOn = async (w: SafeWorld, permissions: string, calls: unknown[]) =>
  createExe(
    w.token,
    exeBody(
      { ...w, functionId: await release(w, permissions), secretId: '' },
      { gasMode: 'sponsored', args: JSON.stringify({ calls }) },
    ),
  );

/**
 * An active executable whose release declares `declared` and whose args make it return `calls`, bound through
 * the database as an executable made before this rule would be: the run-time check alone stands in the way.
 */
async function boundBeforeTheRule(w: SafeWorld, declared: string, calls: unknown[]) {
  const e = await runnableExe(w, CALLS_TASK, {
    files: { 'permissions.json': permits() },
    exe: { args: JSON.stringify({ calls: [increment] }), gasMode: 'sponsored' },
  });
  await testDb()
    .update(executables)
    .set({ functionId: await release(w, declared), args: JSON.stringify({ calls }) })
    .where(eq(executables.id, e.id));
  return e;
}

function expectRefusedAtRun(execution: any, words: string) {
  expect(execution).toMatchObject({ status: 'failed', txHash: null, userOpHash: null });
  expect(execution.error.code).toBe('call_not_permitted');
  expect(execution.error.message).toContain(words);
  expect(execution.error.message).toContain("the Safe's owners have not allowed it by signature");
}

describe('coverage refuses a release that declares calls to the profile itself', () => {
  it('Safe profile: create → 409 call_not_permitted naming the call; function switch too', async () => {
    const refused = await createOn(safeW, permits({ to: safeW.safe, functions: [ADD_OWNER] }), [increment]);
    expectError(refused, 409, 'call_not_permitted');
    expect(refused.body.error).toContain(
      `${ADD_OWNER} (${toFunctionSelector(ADD_OWNER)}) on ${safeW.safe} (the profile's own Safe)`,
    );
    expect(refused.body.calls).toEqual([
      { to: safeW.safe, selector: toFunctionSelector(ADD_OWNER), function: ADD_OWNER, target: 'safe' },
    ]);

    const e = await runnableExe(safeW, CALLS_TASK, {
      files: { 'permissions.json': permits() },
      exe: { args: JSON.stringify({ calls: [increment] }), gasMode: 'sponsored' },
    });
    expect((await exeAction(safeW.token, e.id, 'pause')).status).toBe(200);
    const switched = await api(`/api/v1/executables/${e.id}/function`, {
      method: 'PATCH',
      token: safeW.token,
      body: { functionId: await release(safeW, permits({ to: safeW.executor, functions: ['0x00000000'] })) },
    });
    expectError(switched, 409, 'call_not_permitted');
    expect(switched.body.calls).toEqual([
      { to: safeW.executor, selector: '0x00000000', function: null, target: 'executor' },
    ]);
  }, 120_000);

  it('roles profile: the Roles modifier and the Safe are refused before any covering transaction is offered', async () => {
    const refused = await createOn(
      rolesW,
      permits(
        { to: modifier, functions: [SCOPE_TARGET] },
        { to: rolesW.safe, functions: [CHANGE_THRESHOLD] },
      ),
      [increment],
    );
    expectError(refused, 409, 'call_not_permitted');
    expect(refused.body.coveringTransaction).toBeUndefined();
    expect(refused.body.calls).toEqual(
      expect.arrayContaining([
        {
          to: modifier,
          selector: toFunctionSelector(SCOPE_TARGET),
          function: SCOPE_TARGET,
          target: 'roles_modifier',
        },
        {
          to: rolesW.safe,
          selector: toFunctionSelector(CHANGE_THRESHOLD),
          function: CHANGE_THRESHOLD,
          target: 'safe',
        },
      ]),
    );
  }, 60_000);
});

describe('run time refuses a call to the profile itself before anything is signed', () => {
  it('Safe profile: addOwnerWithThreshold on its Safe, a transfer to its executor', async () => {
    const stranger = newAddress() as Address;
    const before = await owners(safeW.safe);
    const declared = permits(
      { to: safeW.safe, functions: [ADD_OWNER] },
      { to: safeW.executor, functions: ['0x00000000'] },
    );
    const onSafe = await boundBeforeTheRule(safeW, declared, [increment, addOwner(safeW.safe, stranger)]);
    expectRefusedAtRun(
      (await runToEnd(safeW.token, onSafe.id)).execution,
      `call #1 (${ADD_OWNER} (${toFunctionSelector(ADD_OWNER)}) on ${safeW.safe} (the profile's own Safe))`,
    );
    const toExecutor = await boundBeforeTheRule(safeW, declared, [
      { to: safeW.executor, data: '0x', value: '0' },
    ]);
    expectRefusedAtRun(
      (await runToEnd(safeW.token, toExecutor.id, 'simulate')).execution,
      `call #0 (a plain transfer on ${safeW.executor} (the profile's executor))`,
    );
    expect(await owners(safeW.safe)).toEqual(before);
  }, 120_000);

  it('roles profile: its Safe, its Roles modifier and its executor', async () => {
    const scopeTarget = {
      to: modifier,
      data: encodeFunctionData({
        abi: rolesAbi,
        functionName: 'scopeTarget',
        args: [TICKWORK_ROLE_KEY, newAddress() as Address],
      }),
      value: '0',
    };
    const declared = permits(
      { to: rolesW.safe, functions: [CHANGE_THRESHOLD] },
      { to: modifier, functions: [SCOPE_TARGET] },
      { to: rolesW.executor, functions: ['0x00000000'] },
    );
    const cases = [
      [
        changeThreshold(rolesW.safe),
        `${CHANGE_THRESHOLD} (${toFunctionSelector(CHANGE_THRESHOLD)}) on ${rolesW.safe} (the profile's own Safe)`,
      ],
      [
        scopeTarget,
        `${SCOPE_TARGET} (${toFunctionSelector(SCOPE_TARGET)}) on ${modifier} (the profile's Roles modifier)`,
      ],
      [
        { to: rolesW.executor, data: '0x', value: '0' },
        `a plain transfer on ${rolesW.executor} (the profile's executor)`,
      ],
    ] as const;
    for (const [call, words] of cases) {
      const e = await boundBeforeTheRule(rolesW, declared, [call]);
      expectRefusedAtRun((await runToEnd(rolesW.token, e.id)).execution, `call #0 (${words})`);
    }
  }, 180_000);
});

describe("the owners' signed allowance", () => {
  it('lets exactly the allowed call through once the owners executed it; a workspace admin alone gets nothing', async () => {
    const newOwner = newAddress() as Address;
    const declared = permits({ to: safeW.safe, functions: [ADD_OWNER] });
    const id = await prepareSelfCallAllowance(testDb(), safeW.workspaceId, operatorActor(), safeW.profileId, [
      { to: safeW.safe, functions: [toFunctionSelector(ADD_OWNER)] },
    ]);
    const view = await getSafeTransactionView(testDb(), id);
    expect(view.purpose).toBe('allow_self_calls');
    const [audited] = await testDb().$sql`
      select action, credential_kind, details from audit_events
       where workspace_id = ${safeW.workspaceId} and action = 'profile.self_calls_allow_prepared'`;
    expect(audited).toMatchObject({ credential_kind: 'operator', details: { safeTransactionId: id } });
    expect(view.calls.map((c) => c.description)).toEqual([
      `Sign, as the Safe, the message "Tickwork: the Safe's owners allow the module ${safeW.executor} to call ${toFunctionSelector(ADD_OWNER)} on ${safeW.safe}" (SignMessageLib, by delegatecall): it stays recorded in the Safe`,
    ]);
    // prepared, even signed by one owner, is not allowed: only what the Safe signed on chain counts
    expectError(await createOn(safeW, declared, [addOwner(safeW.safe, newOwner)]), 409, 'call_not_permitted');

    const executed = await signAndExecute(id, [safeW.owners[1], safeW.owners[2]]);
    expect(executed.state).toBe('executed');
    const created = await createOn(safeW, declared, [addOwner(safeW.safe, newOwner)]);
    expect(created.status).toBe(201);
    await waitForExe(safeW.token, created.body.data.id, (e) => e.state === 'active');
    const { execution } = await runToEnd(safeW.token, created.body.data.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(await owners(safeW.safe)).toContain(getAddress(newOwner));

    // another function on the Safe is still refused, on coverage and at run time
    const other = permits({ to: safeW.safe, functions: [ADD_OWNER, CHANGE_THRESHOLD] });
    const refused = await createOn(safeW, other, [increment]);
    expectError(refused, 409, 'call_not_permitted');
    expect(refused.body.calls).toEqual([
      expect.objectContaining({ selector: toFunctionSelector(CHANGE_THRESHOLD), target: 'safe' }),
    ]);
    await expect(
      prepareSelfCallAllowance(testDb(), safeW.workspaceId, operatorActor(), safeW.profileId, [
        { to: safeW.safe, functions: [toFunctionSelector(ADD_OWNER)] },
      ]),
    ).rejects.toMatchObject({ status: 409, code: 'self_calls_already_allowed' });
  }, 180_000);
});

describe("the owners' allowance on a roles profile", () => {
  it('allows several calls in one Safe transaction (MultiSend); the role must still allow them on chain', async () => {
    const calls = [
      { to: modifier, functions: [toFunctionSelector(SCOPE_TARGET)] },
      { to: rolesW.executor, functions: ['0x00000000'] },
    ];
    const id = await prepareSelfCallAllowance(
      testDb(),
      rolesW.workspaceId,
      operatorActor(),
      rolesW.profileId,
      calls,
    );
    const view = await getSafeTransactionView(testDb(), id);
    expect(view.transaction.operation).toBe(1);
    const words = (call: string) =>
      `Sign, as the Safe, the message "Tickwork: the Safe's owners allow the module ${rolesW.executor} to call ${call}" (SignMessageLib, by delegatecall): it stays recorded in the Safe`;
    expect(view.calls.map((c) => c.description).sort()).toEqual(
      [
        words(`${toFunctionSelector(SCOPE_TARGET)} on ${modifier}`),
        words(`0x00000000 on ${rolesW.executor}`),
      ].sort(),
    );
    await expect(
      prepareSelfCallAllowance(testDb(), rolesW.workspaceId, operatorActor(), rolesW.profileId, [
        { to: increment.to, functions: [INCREMENT] },
      ]),
    ).rejects.toMatchObject({ status: 400, code: 'invalid_request' });

    expect((await signAndExecute(id, [rolesW.owners[0], rolesW.owners[1]])).state).toBe('executed');
    // past the self-call refusal, the role's own coverage answers: the owners have not scoped the modifier
    const next = await createOn(
      rolesW,
      permits(
        { to: modifier, functions: [SCOPE_TARGET] },
        { to: rolesW.executor, functions: ['0x00000000'] },
      ),
      [increment],
    );
    expectError(next, 409, 'permissions_not_covered');
  }, 120_000);
});
