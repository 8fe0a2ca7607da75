// Least privilege that holds money, on anvil with the real Roles v2 modifier: a 2-of-3 Safe's owners sign a role
// built from the token-transfer preset (transfer only to the vault, at most PER_CALL per call, counted against
// an allowance of DAILY per hour). A transfer within both confirms; one to another recipient, above the per-call
// limit or past the allowance fails in simulation with the Roles reason decoded and moves nothing; the allowance
// refills once its period has passed; a release whose declared conditions are looser than the role's is
// refused before it can run, naming the allowances it spends from that the role does not hold, which allowing
// its calls must set.
import { type Address, encodeFunctionData, getAddress, parseEther, toFunctionSelector } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkAllowanceLow } from '@/lib/alerts/allowance-check';
import { operatorActor } from '@/lib/audit/actor';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { prepareRoleChange } from '@/lib/profiles/roles';
import { getSafeTransactionView } from '@/lib/profiles/safe-transactions';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { readAllowances } from '@/lib/zodiac/allowances';
import { TRANSFER, tokenTransferPreset } from '@/lib/zodiac/presets';
import { scopeOfCalls } from '@/lib/zodiac/scope-of-calls';
import { incidentsOf } from '../support/alerts';
import { localChain, testStackChain } from '../support/chain';
import { createExe, exeBody, uploadRelease } from '../support/executables';
import { expectError } from '../support/expect';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { runnableExe, runToEnd } from '../support/runs';
import { CALLS_TASK, fundedAccount, type SafeWorld, safeWorld, walletOf } from '../support/safes';

const { client, testClient } = testStackChain();
const token = LOCAL_DEMO_CONTRACTS.token;
const VAULT = getAddress(newAddress());
const OTHER = getAddress(newAddress());
const PER_CALL = parseEther('6');
const HOURLY = parseEther('10');
const PERIOD = 3_600;

const preset = tokenTransferPreset({
  token,
  recipients: [VAULT],
  perCall: PER_CALL.toString(),
  allowance: { name: 'hourly', amount: HOURLY.toString(), periodSeconds: PERIOD },
});

const transfer = (to: Address, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({ abi: DEMO_TOKEN.abi, functionName: 'transfer', args: [to, amount] }),
  value: '0',
});
const tokenBalance = (who: Address) =>
  client.readContract({ address: token, abi: DEMO_TOKEN.abi, functionName: 'balanceOf', args: [who] });
/** permissions.json for transfer on the token, with `conditions` when given. */
const permits = (conditions?: unknown[]) =>
  JSON.stringify({
    calls: [
      { to: token, functions: [TRANSFER], ...(conditions && { conditions: { [TRANSFER]: conditions } }) },
    ],
  });

let w: SafeWorld;
let modifier: Address;
beforeAll(async () => {
  w = await safeWorld({ roles: { scope: scopeOfCalls(preset.calls), allowances: preset.allowances } });
  const payer = await fundedAccount();
  const hash = await walletOf(payer).writeContract({
    address: token,
    abi: DEMO_TOKEN.abi,
    functionName: 'topUp',
    args: [w.safe],
  });
  await client.waitForTransactionReceipt({ hash });
  modifier = (await api(`/api/v1/profiles/${w.profileId}`, { token: w.token })).body.data.roles.modifier;
}, 120_000);

/** Runs one transfer from the Safe through the role, with a release that declares no conditions. */
async function runTransfer(to: Address, amount: bigint) {
  const exe = await runnableExe(w, CALLS_TASK, {
    files: { 'permissions.json': permits() },
    exe: { args: JSON.stringify({ calls: [transfer(to, amount)] }), gasMode: 'sponsored' },
  });
  return (await runToEnd(w.token, exe.id)).execution;
}

const ascending = (...addresses: Address[]) =>
  [...addresses].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));

const allowanceIncidents = async () =>
  (await incidentsOf(w.projectId)).filter((i) => i.kind === 'allowance_low');

const hourlyLeft = async () => (await readAllowances(localChain(), modifier, ['hourly']))[0];

describe('a role built from the token-transfer preset', () => {
  it('is set up by one Safe transaction that says every condition and the allowance in words', async () => {
    const words = (await getSafeTransactionView(testDb(), w.enableTransactionId)).calls.map(
      (c) => c.description,
    );
    expect(words).toContain(
      `Set allowance "hourly": ${HOURLY} to spend now, refilled by ${HOURLY} up to ${HOURLY} every 1 hour`,
    );
    expect(words).toContain(
      `Role "tickwork": allow ${TRANSFER} (${toFunctionSelector(TRANSFER)}) on ${token} only when argument 1 (address) is equal to ${VAULT}; argument 2 (uint256) is at most ${PER_CALL} and within allowance "hourly"`,
    );
    expect(await hourlyLeft()).toMatchObject({
      balance: HOURLY,
      maxRefill: HOURLY,
      periodSeconds: PERIOD,
      set: true,
    });
  });

  it('confirms a transfer within the condition and the allowance, which it lowers', async () => {
    const execution = await runTransfer(VAULT, PER_CALL);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(await tokenBalance(VAULT)).toBe(PER_CALL);
    expect((await hourlyLeft()).balance).toBe(HOURLY - PER_CALL);
  });

  it('fails in simulation, moving nothing, a transfer to another recipient, above the per-call limit, or past the allowance', async () => {
    const safeBefore = await tokenBalance(w.safe);
    const cases: [Address, bigint, string][] = [
      [OTHER, 1n, 'ParameterNotAllowed (an argument is not a value the role allows)'],
      [VAULT, PER_CALL + 1n, "ParameterGreaterThanAllowed (an argument is above the role's maximum)"],
      [VAULT, PER_CALL, 'AllowanceExceeded (allowance "hourly" has less left than the call spends)'],
    ];
    for (const [to, amount, reason] of cases) {
      const execution = await runTransfer(to, amount);
      expect(execution).toMatchObject({ status: 'failed', txHash: null, userOpHash: null });
      expect(execution.error.code).toBe('simulation_reverted');
      expect(execution.error.message).toBe(
        `call #0 (zero-based) to ${token} reverted with the Roles error ConditionViolation: ${reason}`,
      );
    }
    expect(await tokenBalance(w.safe)).toBe(safeBefore);
    expect(await tokenBalance(OTHER)).toBe(0n);
    expect((await hourlyLeft()).balance).toBe(HOURLY - PER_CALL);

    // 4 of 10 left is below the rule's 50 %: "allowance nearly used" opens once, naming the allowance
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, kind: 'allowance_low', params: { percentLeft: 50 } },
    });
    expect(rule.status, rule.text).toBe(201);
    await checkAllowanceLow(testDb(), new Date(), { everyMs: 0 });
    await checkAllowanceLow(testDb(), new Date(), { everyMs: 0 });
    const incidents = await allowanceIncidents();
    expect(incidents.map((i) => [i.subject, i.state])).toEqual([[w.profileId, 'open']]);
    expect(incidents[0].details).toMatchObject({ profileId: w.profileId });
  });

  it('refills the allowance once its period has passed', async () => {
    const before = await hourlyLeft();
    expect(before.nextRefillAt).not.toBeNull();
    await testClient.increaseTime({ seconds: PERIOD });
    await testClient.mine({ blocks: 1 });
    expect((await hourlyLeft()).balance).toBe(HOURLY);
    await checkAllowanceLow(testDb(), new Date(), { everyMs: 0 });
    expect((await allowanceIncidents()).map((i) => i.state)).toEqual(['resolved']);
    const execution = await runTransfer(VAULT, PER_CALL);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(await tokenBalance(VAULT)).toBe(PER_CALL * 2n);
    expect((await hourlyLeft()).balance).toBe(HOURLY - PER_CALL);
  });
});

describe('coverage of declared conditions', () => {
  const create = async (conditions: unknown[]) => {
    const functionId = await uploadRelease(w, w.projectId, CALLS_TASK, {
      'permissions.json': permits(conditions),
    });
    return createExe(
      w.token,
      exeBody(
        { ...w, functionId, secretId: '' },
        { gasMode: 'sponsored', args: JSON.stringify({ calls: [] }) },
      ),
    );
  };

  it('accepts a release whose conditions are as strict as the role’s or stricter', async () => {
    expect((await create([{ eq: VAULT }, { lte: PER_CALL.toString() }])).status).toBe(201);
    expect((await create([{ eq: VAULT }, { lte: '5', allowance: 'hourly' }])).status).toBe(201);
  });

  it('refuses one that needs looser conditions, naming the call and the condition', async () => {
    const declared = [{ oneOf: [VAULT, OTHER] }, { lte: (PER_CALL * 10n).toString() }];
    const refused = await create(declared);
    expectError(refused as never, 409, 'permissions_not_covered');
    // what is missing, in permissions.json's form (what "Allow these calls" asks for), and why
    expect(refused.body.missing).toEqual([
      {
        to: token,
        functions: [TRANSFER],
        conditions: { [TRANSFER]: declared },
        looserConditions: [
          `${TRANSFER} argument 1 (address): the release declares one of ${VAULT}, ${OTHER}; the role allows equal to ${VAULT}`,
          `${TRANSFER} argument 2 (uint256): the release declares at most ${PER_CALL * 10n}; the role allows at most ${PER_CALL} and within allowance "hourly"`,
        ],
      },
    ]);
    expect(refused.body.error).toMatch(/only under stricter conditions than the release declares/);
    // the covering transaction scopes the function to what the release declares, in words (the modifier holds
    // a set of values in ascending order)
    expect(
      refused.body.coveringTransaction.calls.map((c: { description: string }) => c.description),
    ).toContain(
      `Role "tickwork": allow ${TRANSFER} (${toFunctionSelector(TRANSFER)}) on ${token} only when argument 1 (address) is one of ${ascending(VAULT, OTHER).join(', ')}; argument 2 (uint256) is at most ${PER_CALL * 10n}`,
    );
    // a release that declares no conditions leaves the arguments to the role (today's format)
    const functionId = await uploadRelease(w, w.projectId, CALLS_TASK, { 'permissions.json': permits() });
    const plain = await createExe(
      w.token,
      exeBody(
        { ...w, functionId, secretId: '' },
        { gasMode: 'sponsored', args: JSON.stringify({ calls: [] }) },
      ),
    );
    expect(plain.status).toBe(201);
  });

  it('names the allowances a release spends from that the role does not hold; allowing the calls sets them', async () => {
    const refused = await create([
      { oneOf: [VAULT, OTHER] },
      { lte: PER_CALL.toString(), allowance: 'weekly' },
    ]);
    expectError(refused as never, 409, 'permissions_not_covered');
    expect(refused.body.allowancesNeeded).toEqual(['weekly']);
    // one the role holds needs no setting
    const holds = await create([{ oneOf: [VAULT, OTHER] }, { allowance: 'hourly' }]);
    expectError(holds as never, 409, 'permissions_not_covered');
    expect(holds.body.allowancesNeeded).toBeUndefined();

    // "Allow these calls" without it is refused (the role would refuse every such call); with it, the owners
    // read it set in the same transaction
    const missing = scopeOfCalls(
      refused.body.missing.map(({ to, functions, conditions }: Record<string, never>) => ({
        to,
        functions,
        conditions,
      })),
    );
    const prepare = (allowances?: AllowanceSpec[]) =>
      prepareRoleChange(testDb(), w.workspaceId, operatorActor(), w.profileId, missing, allowances);
    await expect(prepare()).rejects.toMatchObject({
      code: 'allowance_not_set',
      message: expect.stringContaining('allowance "weekly", which the role does not hold'),
      extra: { allowances: ['weekly'] },
    });
    const id = await prepare([{ name: 'weekly', amount: HOURLY.toString(), periodSeconds: 604_800 }]);
    const words = (await getSafeTransactionView(testDb(), id)).calls.map((c) => c.description);
    expect(words).toContain(
      `Set allowance "weekly": ${HOURLY} to spend now, refilled by ${HOURLY} up to ${HOURLY} every 1 week`,
    );
    expect(words.join('\n')).toContain('within allowance "weekly"');
  });
});
