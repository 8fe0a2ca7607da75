// Postgres stopped and started again (same port, same data directory) while runs are in flight: the app
// recovers without a restart of its own; each run in flight ends once, paid once; later API calls and runs work.
import { describe, expect, it } from 'vitest';
import {
  expectPaidOnce,
  faultStackWorld,
  meteredExecutions,
  nonceOf,
  payExe,
  waitForExecutionOn,
  waitForStatus,
} from '../support/faults';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { runToEnd } from '../support/runs';

const world = faultStackWorld();

describe('Postgres restarted mid-run', () => {
  it('runs in flight (one running, one submitted) end once, paid once; the same app serves what follows', async () => {
    const { stack, w, queue } = world;
    const [evaluating, confirming] = await Promise.all([payExe(w, { sleepMs: 4_000 }), payExe(w)]);
    const nonceBefore = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    let ids: string[];
    try {
      const submitted = await queue(confirming.exe.id);
      await waitForStatus(w.token, submitted, ['submitted']); // its transaction waits in the mempool
      const running = await queue(evaluating.exe.id);
      await waitForStatus(w.token, running, ['running']);
      ids = [running, submitted];

      await stack.postgres.stop();
      // down for a while: the sleeping task ends, and the app's queries fail meanwhile
      const down = await api(`/api/v1/executions/${running}`, { token: w.token });
      expect(down.status).toBeGreaterThanOrEqual(500);
      await new Promise((r) => setTimeout(r, 5_000));
      await stack.postgres.start();
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await rpc('evm_mine');

    for (const id of ids) {
      const { execution } = await waitForExecutionOn(stack, w.token, id, 90_000);
      expect(execution.status).toBe('confirmed');
    }
    // a new executable (upload, create, provisioning job) and its run, all on the recovered app
    const after = await payExe(w);
    const { execution: next } = await runToEnd(w.token, after.exe.id);
    expect(next.status).toBe('confirmed');

    await expectPaidOnce(w, [evaluating, confirming, after], nonceBefore);
    expect(await meteredExecutions(w.workspaceId)).toBe(3);
    expect(stack.app().running()).toBe(true);
  }, 150_000);
});
