// The chain's RPC unreachable for the app (a TCP proxy of ours between the app and anvil), then back:
// - for 30 s, every connection swallowed: a run submitted just before the outage is confirmed once the chain is
//   back, a run started during it ends once (confirmed once the chain is back, or failed with nothing sent),
//   runs after it work;
// - for one answer: the node takes a broadcast transaction but the connection drops before it answers; the run
//   (broadcast unknown) reads the receipt of its one transaction and confirms, sending no second one.
// Every execution has at most one transaction on chain.
import { describe, expect, it } from 'vitest';
import {
  executionRows,
  expectPaidOnce,
  faultStackWorld,
  nonceOf,
  payExe,
  waitForStatus,
} from '../support/faults';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { balanceOf, runToEnd, waitForExecution } from '../support/runs';

const OUTAGE_MS = 30_000;

const world = faultStackWorld();

describe('the chain RPC unreachable for 30 s', () => {
  it('runs across the outage end once, reconciled or failed cleanly; runs after it confirm', async () => {
    const { stack, w, queue } = world;
    const [before, during, after] = await Promise.all([payExe(w), payExe(w), payExe(w)]);
    const nonceBefore = await nonceOf(w.address);

    // submitted just before the outage: anvil holds it unmined
    await rpc('evm_setAutomine', [false]);
    let beforeId: string;
    try {
      beforeId = await queue(before.exe.id);
      await waitForStatus(w.token, beforeId, ['submitted']);
    } finally {
      await rpc('evm_setAutomine', [true]);
    }

    stack.rpcProxy.cut('blackhole');
    const cutAt = Date.now();
    await rpc('evm_mine'); // mined while the app cannot see it
    const duringId = await queue(during.exe.id);
    // the API does not hang on the chain: a profile read answers without its balance
    const profile = await api(`/api/v1/profiles/${w.profileId}`, { token: w.token });
    expect(profile.status).toBe(200);
    expect(profile.body.data.balance).toBeNull();
    await new Promise((r) => setTimeout(r, OUTAGE_MS - (Date.now() - cutAt)));
    stack.rpcProxy.restore();

    const { execution: next } = await runToEnd(w.token, after.exe.id);
    expect(next.status).toBe('confirmed');
    // its receipt is read once the chain is back (within the receipt wait, else by the reconciler)
    const reconciled = await waitForStatus(w.token, beforeId, ['confirmed', 'failed'], 150_000);
    expect(reconciled).toMatchObject({ status: 'confirmed', error: null });
    const { execution: ran } = await waitForExecution(w.token, duringId, 120_000);
    if (ran.status === 'failed') {
      expect(ran.error.code).toMatch(/^(rpc_unavailable|simulation_failed)$/);
      expect(ran.txHash).toBeNull();
    } else expect(ran.status).toBe('confirmed');

    // one transaction per confirmed execution, and none for a failed one
    const rows = await executionRows([before.exe.id, during.exe.id, after.exe.id]);
    expect(rows).toHaveLength(3);
    const confirmed = rows.filter((r) => r.status === 'confirmed');
    expect(confirmed.length).toBe(ran.status === 'confirmed' ? 3 : 2);
    for (const pay of [before, during, after]) {
      const paid = confirmed.some((r) => r.executable_id === pay.exe.id);
      expect(await balanceOf(pay.to)).toBe(paid ? pay.wei : 0n);
    }
    expect(await nonceOf(w.address)).toBe(nonceBefore + confirmed.length);
  }, 240_000);

  it('a broadcast whose answer is lost: the run confirms the transaction the node took, and sends no other', async () => {
    const { stack, w } = world;
    const pay = await payExe(w);
    const nonceBefore = await nonceOf(w.address);
    // the connection drops right after the transaction reaches anvil (automine: mined at once)
    stack.rpcProxy.loseAnswerTo('eth_sendRawTransaction');
    const { execution } = await runToEnd(w.token, pay.exe.id);
    expect(stack.rpcProxy.lostAnswers()).toBe(1);
    expect(execution).toMatchObject({ status: 'confirmed', error: null });
    await expectPaidOnce(w, [pay], nonceBefore);
  });
});
