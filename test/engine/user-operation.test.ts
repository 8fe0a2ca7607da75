// The engine end to end with ERC-4337 gas: an executable on a legacy profile with gas mode `sponsored` (the test
// stack's mock paymaster pays) or `self-funded` runs, is submitted as a user operation through the stack's alto
// bundler, and confirms with both the user operation's hash and the bundle's transaction hash recorded.
import { beforeAll, describe, expect, it } from 'vitest';
import { getExe, patchFacet } from '../support/executables';
import { newAddress } from '../support/fixtures';
import { rpc } from '../support/profiles';
import { balanceOf, type RunWorld, runnableExe, runToEnd, runWorld, transfersTo } from '../support/runs';

const PAY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => ({
  canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(ctx.args.wei) }],
}) };\n`;

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

async function payExe(gasMode: 'sponsored' | 'self-funded', wei: string, exe: Record<string, unknown> = {}) {
  const to = newAddress();
  const created = await runnableExe(w, PAY_TASK, {
    files: { 'permissions.json': transfersTo(to) },
    exe: { args: JSON.stringify({ to, wei }), gasMode, ...exe },
  });
  return { exe: created, to };
}

async function payExeOk(gasMode: 'sponsored' | 'self-funded', wei: string) {
  const { exe, to } = await payExe(gasMode, wei);
  expect(exe.gasMode).toBe(gasMode);
  return { exe, to };
}

const setBalance = (wei: bigint) => rpc('anvil_setBalance', [w.address, `0x${wei.toString(16)}`]);

describe('ERC-4337 gas modes through the engine', () => {
  it('sponsored: confirms with userOpHash and txHash; the account only spends the value it sends', async () => {
    const { exe, to } = await payExeOk('sponsored', '12345');
    await setBalance(12_345n);
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', message: 'paying', error: null, chainId: 31337 });
    expect(execution.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(execution.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(execution.txHash).not.toBe(execution.userOpHash);
    expect(BigInt(execution.gasUsed)).toBeGreaterThan(21_000n);
    expect(execution.blockNumber).toBeGreaterThan(0);
    expect(await balanceOf(to)).toBe(12_345n);
    expect(await balanceOf(w.address)).toBe(0n);
  });

  it('self-funded: confirms paid from the account; an empty account fails with insufficient_funds', async () => {
    const { exe, to } = await payExeOk('self-funded', '777');
    await setBalance(10n ** 18n);
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(execution.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(to)).toBe(777n);
    expect(await balanceOf(w.address)).toBeLessThan(10n ** 18n - 777n);

    await setBalance(777n);
    const poor = await runToEnd(w.token, exe.id);
    expect(poor.execution).toMatchObject({
      status: 'failed',
      error: { code: 'insufficient_funds' },
      userOpHash: null,
      txHash: null,
    });
  });

  it('the fee cap holds a user operation as it does a transaction: nothing sent, held, run once the cap allows', async () => {
    // 1 wei per gas: no price of the chain fits, and the watcher's release (fees fell) never frees it
    const { exe, to } = await payExe('sponsored', '4242', { maxFeePerGas: '1' });
    await setBalance(4_242n);
    const held = await runToEnd(w.token, exe.id);
    expect(held.execution).toMatchObject({
      status: 'failed',
      error: { code: 'fee_cap_exceeded' },
      userOpHash: null,
      txHash: null,
    });
    expect(held.execution.error.message).toMatch(/user operation is priced at a max fee of/);
    expect((await getExe(w.token, exe.id)).body.data.feeHold).toMatchObject({ since: expect.any(String) });
    expect(await balanceOf(to)).toBe(0n);

    const raised = await patchFacet(w.token, exe.id, 'gas-mode', {
      gasMode: 'sponsored',
      maxFeePerGas: null,
    });
    expect(raised.status, raised.text).toBe(200);
    expect(raised.body.data.feeHold).toBeNull();
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(await balanceOf(to)).toBe(4_242n);
  });
});
