// The ERC-4337 bundler unreachable for the app (a TCP proxy of ours in front of alto swallows every
// connection): a sponsored run ends failed with bundler_unavailable, neither hanging nor sending anything;
// with gasFallback it pays its own gas instead, once; when the bundler is back, sponsored runs confirm.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { nonceOf, payExe } from '../support/faults';
import { balanceOf, type RunWorld, runToEnd, runWorld, startRun, waitForExecution } from '../support/runs';
import { useTarget } from '../support/target';

let stack: FaultStack;
let w: RunWorld;
beforeAll(async () => {
  stack = await startFaultStack({ bundler: true });
  useTarget(stack.target);
  w = await runWorld();
}, 90_000);

afterAll(async () => {
  await stack?.stop();
});

describe('the bundler unreachable', () => {
  it('a sponsored run fails bundler_unavailable with nothing sent; with gasFallback it self-pays once; back, it confirms', async () => {
    const [sponsored, fallback] = await Promise.all([
      payExe(w, { exe: { gasMode: 'sponsored' } }),
      payExe(w, { exe: { gasMode: 'sponsored', gasFallback: true } }),
    ]);
    const nonceBefore = await nonceOf(w.address);

    stack.bundlerProxy?.cut('blackhole');
    let failedRun: any;
    try {
      const queued = await Promise.all([
        startRun(w.token, sponsored.exe.id),
        startRun(w.token, fallback.exe.id),
      ]);
      const [failed, fellBack] = await Promise.all(
        queued.map((res) => waitForExecution(w.token, res.body.data.id, 60_000)),
      );
      failedRun = failed.execution;
      expect(failedRun).toMatchObject({
        status: 'failed',
        error: { code: 'bundler_unavailable' },
        userOpHash: null,
        txHash: null,
      });
      // paid as a plain transaction from the profile's account, and said so
      expect(fellBack.execution).toMatchObject({ status: 'confirmed', userOpHash: null });
      expect(fellBack.logs.map((l) => l.message).join('\n')).toMatch(
        /sponsored gas failed \(bundler_unavailable/,
      );
    } finally {
      stack.bundlerProxy?.restore();
    }
    expect(await balanceOf(sponsored.to)).toBe(0n);
    expect(await balanceOf(fallback.to)).toBe(fallback.wei);
    expect(await nonceOf(w.address)).toBe(nonceBefore + 1);

    const { execution } = await runToEnd(w.token, sponsored.exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    expect(execution.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(await balanceOf(sponsored.to)).toBe(sponsored.wei);
    // a user operation: the bundler's executor sent it, not the profile's account
    expect(await nonceOf(w.address)).toBe(nonceBefore + 1);
  }, 120_000);
});
