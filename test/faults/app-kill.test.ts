// kill -9 of the app process (the embedded worker runs inside it) in the middle of runs, then a restart on the
// same database and chain: every execution still ends once, in one final status, and the chain carries exactly
// one transaction per execution.
import { describe, expect, it } from 'vitest';
import {
  executionRows,
  expectPaidOnce,
  faultStackWorld,
  meteredExecutions,
  nonceOf,
  payExe,
  runLeaseHeldBy,
  waitForStatus,
  waitUntil,
} from '../support/faults';
import { rpc } from '../support/profiles';
import { waitForExecution } from '../support/runs';

const world = faultStackWorld();

describe('kill -9 of the app', () => {
  it('while runs are running (and one waits its turn): after a restart each confirms once, paid once', async () => {
    const { stack, w, queue } = world;
    // five runs on a worker of four: four sleep in their task, the fifth stays pending in the queue
    const pays = await Promise.all([1, 2, 3, 4, 5].map(() => payExe(w, { sleepMs: 5_000 })));
    const nonceBefore = await nonceOf(w.address);
    const ids = await Promise.all(pays.map((p) => queue(p.exe.id)));
    await waitUntil('four runs running, one pending', async () => {
      const statuses = (await executionRows(pays.map((p) => p.exe.id))).map((r) => r.status).sort();
      return JSON.stringify(statuses) === JSON.stringify(['pending', ...Array(4).fill('running')]);
    });

    await stack.app().kill('SIGKILL');
    await stack.restartApp();

    for (const id of ids) {
      const { execution } = await waitForExecution(w.token, id, 90_000);
      expect(execution.status).toBe('confirmed');
    }
    await expectPaidOnce(w, pays, nonceBefore);
    expect(await meteredExecutions(w.workspaceId)).toBe(5);
  }, 150_000);

  it('between broadcast and receipt: the restarted app confirms the transaction it sent, sending no other', async () => {
    const { stack, w, queue } = world;
    const pay = await payExe(w);
    const nonceBefore = await nonceOf(w.address);
    const metered = await meteredExecutions(w.workspaceId);
    await rpc('evm_setAutomine', [false]);
    try {
      const id = await queue(pay.exe.id);
      const submitted = await waitForStatus(w.token, id, ['submitted']);
      // broadcast: anvil holds it in its mempool, unmined
      await waitUntil('the transaction in the mempool', async () => {
        const tx = await rpc<any>('eth_getTransactionByHash', [submitted.txHash]);
        return tx && tx.blockNumber === null;
      });

      await stack.app().kill('SIGKILL');
      await stack.restartApp();
      // the restarted app has taken the run up again (its lease is held) while the transaction is unmined
      await waitUntil('the restarted app resuming the run', () => runLeaseHeldBy(id));
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await rpc('evm_mine');

    const [row] = await executionRows([pay.exe.id]);
    const { execution } = await waitForExecution(w.token, row.id, 90_000);
    expect(execution.status).toBe('confirmed');
    await expectPaidOnce(w, [pay], nonceBefore);
    expect(await meteredExecutions(w.workspaceId)).toBe(metered + 1);
  }, 150_000);
});
