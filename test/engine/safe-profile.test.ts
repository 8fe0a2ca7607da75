// Safe profiles end to end on the test stack: a 2-of-3 Safe is created through SafeProxyFactory, onboarded (two
// owners sign in separate requests, a stranger executes `enableModule(executor)`), and runs go through the engine
// in every gas mode as one module call, so DemoCounter sees the Safe as its caller. Also: a batch that reverts
// inside the Safe (as a whole, with the decoded reason, in simulation and on chain), a module the owners disabled
// (`module_not_enabled`), and a prepared transaction whose nonce the owners used for something else (re-prepared).

import { eq } from 'drizzle-orm';
import { type Address, encodeFunctionData, getAddress, type Hex, keccak256, parseEther, toHex } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { profiles } from '@/db/schema';
import { operatorActor } from '@/lib/audit/actor';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER, DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { submitterFor } from '@/lib/chains/submitters';
import {
  addSafeSignature,
  getSafeTransactionView,
  prepareSafeTransaction,
} from '@/lib/profiles/safe-transactions';
import { moduleCall } from '@/lib/safe/module-call';
import { readSafe } from '@/lib/safe/read';
import { localChain, testStackChain } from '../support/chain';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { waitForProfile } from '../support/profiles';
import { asUnknownSubmission, reconciled } from '../support/reconcile';
import { runnableExe, runToEnd } from '../support/runs';
import {
  CALLS_TASK,
  deploySafe,
  fundedAccount,
  increment,
  incrementCallers,
  ownerSignature,
  ownersExecute,
  type SafeWorld,
  safeSingletonNonL2,
  safeWorld,
  signAndExecute,
} from '../support/safes';

const { client, testClient } = testStackChain();
const counter = LOCAL_DEMO_CONTRACTS.counter;
const token = LOCAL_DEMO_CONTRACTS.token;

const overdraw = (to: Address) => ({
  to: token,
  data: encodeFunctionData({
    abi: DEMO_TOKEN.abi,
    functionName: 'transfer',
    args: [to, parseEther('1000000')],
  }),
  value: '0',
});
const PERMISSIONS = JSON.stringify({
  calls: [
    { to: counter, functions: [increment.data.slice(0, 10)] },
    { to: token, functions: [overdraw(counter).data.slice(0, 10)] },
  ],
});

const incrementsBy = (who: Address) =>
  client.readContract({ address: counter, abi: DEMO_COUNTER.abi, functionName: 'incrementsBy', args: [who] });

let w: SafeWorld;
beforeAll(async () => {
  w = await safeWorld();
}, 90_000);

const batchExe = (calls: unknown[], gasMode: string) =>
  runnableExe(w, CALLS_TASK, {
    files: { 'permissions.json': PERMISSIONS },
    exe: { args: JSON.stringify({ calls }), gasMode },
  });

describe('Safe profile onboarding', () => {
  it('a new Safe lands at the predicted address with its owners and threshold', async () => {
    const owners = await Promise.all([0, 1].map(() => fundedAccount()));
    const safe = await deploySafe(owners, 1);
    const reading = await readSafe(localChain(), safe);
    expect(reading).toMatchObject({ version: '1.4.1', threshold: 1, nonce: 0n, modules: [] });
    expect(reading.owners.sort()).toEqual(owners.map((o) => o.address).sort());
  });

  it('the active profile shows the Safe, its executor (delegated, funded), owners, threshold and module', async () => {
    const res = await api(`/api/v1/profiles/${w.profileId}`, { token: w.token });
    expect(res.status).toBe(200);
    const profile = res.body.data;
    expect(profile).toMatchObject({ kind: 'safe', state: 'active', address: w.safe, stateReason: null });
    expect(profile.executor.address).toBe(w.executor);
    expect(BigInt(profile.executor.balance.wei)).toBeGreaterThan(0n);
    expect(profile.safe).toMatchObject({ version: '1.4.1', threshold: 2, moduleEnabled: true });
    expect(profile.safe.owners.sort()).toEqual(w.owners.map((o) => o.address).sort());
    expect(await client.getCode({ address: w.executor })).toBe(
      `0xef0100${LOCAL_CHAIN_CONTRACTS.simple7702Account.slice(2).toLowerCase()}`,
    );
    const view = await getSafeTransactionView(testDb(), w.enableTransactionId);
    expect(view).toMatchObject({ state: 'executed', collected: 2, threshold: 2 });
  });

  it('refuses a signature from someone who is not an owner, and a malformed one', async () => {
    const other = await fundedAccount();
    const owners = await Promise.all([0, 1].map(() => fundedAccount()));
    const safe = await deploySafe(owners, 2);
    const { createSafeProfile } = await import('@/lib/profiles/safe');
    const { safeTransactionId } = await createSafeProfile(testDb(), w.workspaceId, operatorActor(), {
      projectId: w.projectId,
      alias: 'not-yet',
      chainId: 31337,
      safe,
    });
    const view = await getSafeTransactionView(testDb(), safeTransactionId);
    await expect(
      addSafeSignature(testDb(), safeTransactionId, await ownerSignature(other, view)),
    ).rejects.toMatchObject({
      status: 403,
      code: 'not_a_safe_owner',
    });
    await expect(addSafeSignature(testDb(), safeTransactionId, '0x1234')).rejects.toMatchObject({
      status: 400,
      code: 'invalid_signature',
    });
    const once = await addSafeSignature(testDb(), safeTransactionId, await ownerSignature(owners[0], view));
    const twice = await addSafeSignature(testDb(), safeTransactionId, await ownerSignature(owners[0], view));
    expect([once.collected, twice.collected, twice.execution]).toEqual([1, 1, null]);
  });

  it('refuses an address that is not a Safe with a reason a person understands', async () => {
    const { createSafeProfile } = await import('@/lib/profiles/safe');
    const input = { projectId: w.projectId, alias: 'nope', chainId: 31337 };
    await expect(
      createSafeProfile(testDb(), w.workspaceId, operatorActor(), { ...input, safe: newAddress() }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'not_a_contract',
    });
    await expect(
      createSafeProfile(testDb(), w.workspaceId, operatorActor(), { ...input, safe: counter }),
    ).rejects.toMatchObject({
      status: 400,
      code: 'not_a_safe',
      message: expect.stringContaining('is not a Safe'),
    });
  });
});

describe('runs from the Safe', () => {
  for (const gasMode of ['self', 'sponsored', 'self-funded'] as const)
    it(`${gasMode}: a two-call batch confirms and DemoCounter sees the Safe as its caller`, async () => {
      if (gasMode === 'self-funded')
        await testClient.setBalance({ address: w.executor, value: parseEther('10') });
      const exe = await batchExe([increment, increment], gasMode);
      const before = await incrementsBy(w.safe);
      const { execution } = await runToEnd(w.token, exe.id);
      expect(execution).toMatchObject({ status: 'confirmed', error: null });
      if (gasMode === 'self') expect(execution.userOpHash).toBeNull();
      else expect(execution.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await incrementsBy(w.safe)).toBe(before + 2n);
      expect(await incrementCallers(execution.txHash)).toEqual([w.safe, w.safe]);
    });

  it('a batch whose second call reverts fails as a whole with the decoded reason', async () => {
    const before = await incrementsBy(w.safe);
    const exe = await batchExe([increment, overdraw(newAddress())], 'self');
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({
      status: 'failed',
      txHash: null,
      error: { code: 'simulation_reverted' },
    });
    expect(execution.error.message).toBe(
      `call #1 (zero-based) to ${token} reverted with Error("DemoToken: balance too low"); the Safe reverted the whole batch`,
    );
    expect(await incrementsBy(w.safe)).toBe(before);
  });

  it('on chain, a batch the Safe reverts is confirmed as reverted with the decoded reason and changes nothing', async () => {
    const [row] = await testDb().select().from(profiles).where(eq(profiles.id, w.profileId));
    const before = await incrementsBy(w.safe);
    const calls = [increment, overdraw(newAddress())] as { to: Address; data: Hex; value: string }[];
    // the executor sends the module call itself (no Safe-side simulation), as if the state moved after simulating
    const executorOnly = submitterFor({
      db: testDb(),
      profile: { ...row, kind: 'legacy', address: w.executor, executor: null },
      gasMode: 'self',
    });
    const signed = await executorOnly.submit(
      [moduleCall(w.safe, LOCAL_CHAIN_CONTRACTS.multiSendCallOnly, calls)],
      async () => {},
    );
    const safeSubmitter = submitterFor({ db: testDb(), profile: row, gasMode: 'self' });
    const outcome = await safeSubmitter.confirm(signed.txHash as Hex, 10_000);
    expect(outcome).toMatchObject({
      status: 'reverted',
      error: {
        code: 'execution_reverted',
        message: `call #1 (zero-based) to ${token} reverted with Error("DemoToken: balance too low"); the Safe reverted the whole batch`,
      },
    });
    expect(await incrementsBy(w.safe)).toBe(before);
  });
});

describe('unknown submissions of a Safe profile', () => {
  it('reconcile confirms a late receipt, and fails one whose executor nonce went elsewhere', async () => {
    const exe = await batchExe([increment], 'self');
    const late = await runToEnd(w.token, exe.id);
    const found = await reconciled(getDb(), (await asUnknownSubmission(late.execution)).id);
    expect(found).toMatchObject({ status: 'confirmed', error: null });

    const dropped = await runToEnd(w.token, exe.id);
    const ghost = keccak256(toHex(`ghost-${Date.now()}`));
    const gone = await reconciled(
      getDb(),
      (await asUnknownSubmission(dropped.execution, { txHash: ghost })).id,
    );
    expect(gone).toMatchObject({ status: 'failed', error: { code: 'transaction_dropped' } });
  });
});

describe('a non-L2 Safe', () => {
  it('onboards and runs like SafeL2', async () => {
    const plain = await safeWorld({ singleton: await safeSingletonNonL2() });
    const res = await api(`/api/v1/profiles/${plain.profileId}`, { token: plain.token });
    expect(res.body.data).toMatchObject({ state: 'active', safe: { version: '1.4.1', moduleEnabled: true } });
    const exe = await runnableExe(plain, CALLS_TASK, {
      files: { 'permissions.json': PERMISSIONS },
      exe: { args: JSON.stringify({ calls: [increment, increment] }), gasMode: 'self' },
    });
    const { execution } = await runToEnd(plain.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed' });
    expect(await incrementsBy(plain.safe)).toBe(2n);
  });
});

describe('drift: the owners disable the module', () => {
  it('runs fail with module_not_enabled, the profile says so, and enabling again is re-prepared after a stale nonce', async () => {
    const exe = await batchExe([increment], 'self');
    const disableId = await prepareSafeTransaction(
      testDb(),
      w.workspaceId,
      operatorActor(),
      w.profileId,
      'disable_module',
    );
    await signAndExecute(disableId, [w.owners[0], w.owners[1]]);
    const { profile } = await waitForProfile(
      w.token,
      w.profileId,
      (p) => p.safe?.moduleEnabled === false,
      30_000,
    );
    expect(profile.state).toBe('active');
    expect(profile.stateReason).toMatch(/disabled Tickwork's module/);

    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({
      status: 'failed',
      txHash: null,
      error: { code: 'module_not_enabled' },
    });

    // enabling again: prepared at nonce n, but the owners spend n on something else first
    const enableId = await prepareSafeTransaction(
      testDb(),
      w.workspaceId,
      operatorActor(),
      w.profileId,
      'enable_module',
    );
    const first = await getSafeTransactionView(testDb(), enableId);
    const early = await ownerSignature(w.owners[0], first);
    await ownersExecute(w.safe, [w.owners[1], w.owners[2]]);
    const stale = await getSafeTransactionView(testDb(), enableId);
    expect(stale).toMatchObject({ state: 'stale', replacedBy: expect.stringMatching(/^stx_/) });
    await expect(addSafeSignature(testDb(), enableId, early)).rejects.toMatchObject({
      status: 409,
      code: 'safe_nonce_moved',
      extra: { replacedBy: stale.replacedBy },
    });
    const fresh = await getSafeTransactionView(testDb(), stale.replacedBy as string);
    expect(BigInt(fresh.transaction.nonce)).toBe(BigInt(first.transaction.nonce) + 1n);
    await signAndExecute(fresh.id, [w.owners[1], w.owners[2]]);
    await waitForProfile(
      w.token,
      w.profileId,
      (p) => p.safe?.moduleEnabled === true && p.stateReason === null,
      30_000,
    );
    const again = await runToEnd(w.token, exe.id);
    expect(again.execution).toMatchObject({ status: 'confirmed' });
    expect(getAddress(w.safe)).toBe(w.safe);
  });
});
