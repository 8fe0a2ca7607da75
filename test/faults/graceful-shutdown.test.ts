// SIGTERM to one of two instances while it runs a task (a run still sleeping in its task) and while it waits for
// a receipt (a transaction held in the mempool): the instance stops being ready at once, claims nothing more,
// finishes within its grace period what it can, hands back the rest, and exits; the other instance takes the
// rest over. Every run ends once and pays once. The other instance is frozen (SIGSTOP) while the leaving one
// takes the runs, so the leaving one surely holds them; the chain mines nothing until the signal was sent.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { executionRows, expectPaidOnce, nonceOf, type PayExe, payExe, waitUntil } from '../support/faults';
import { testDb } from '../support/fixtures';
import { rpc } from '../support/profiles';
import { FINAL_STATUSES, type RunWorld, runWorld } from '../support/runs';
import type { AppProcess } from '../support/stack';
import { useTarget } from '../support/target';

let stack: FaultStack;
let w: RunWorld;
beforeAll(async () => {
  stack = await startFaultStack();
  useTarget(stack.target);
  w = await runWorld();
}, 90_000);

afterAll(async () => {
  await rpc('evm_setIntervalMining', [0]).catch(() => {});
  await rpc('evm_setAutomine', [true]).catch(() => {});
  await stack?.stop();
});

const freeze = (app: AppProcess) => process.kill(app.pid, 'SIGSTOP');
const thaw = (app: AppProcess) => process.kill(app.pid, 'SIGCONT');

/** Nothing is mined from now on until `mineEvery`. */
async function holdBlocks() {
  await rpc('evm_setIntervalMining', [0]);
  await rpc('evm_setAutomine', [false]);
}
const mineEvery = (seconds: number) => rpc('evm_setIntervalMining', [seconds]);

/**
 * A run sleeping in its task and a run whose transaction waits in the mempool, both on `leaving`: the
 * executables are made (through the main app) before it is frozen.
 */
async function catchMidRunAndMidConfirmation(sleepMs: number) {
  const quick = await payExe(w);
  const slow = await payExe(w, { sleepMs });
  const pays: PayExe[] = [quick, slow];
  const ids = pays.map((p) => p.exe.id);
  const nonceBefore = await nonceOf(w.address);
  freeze(stack.app());
  await holdBlocks();
  await testDb().$sql`
    update executables set next_run_at = now() - interval '1 second' where id in ${testDb().$sql(ids)}`;
  const held = await waitUntil('a run in its task and a run awaiting its receipt', async () => {
    const rows = await executionRows(ids);
    const statusOf = (p: PayExe) => rows.find((r) => r.executable_id === p.exe.id)?.status;
    return statusOf(quick) === 'submitted' && statusOf(slow) === 'running' ? rows : null;
  });
  return { pays, ids, nonceBefore, held };
}

const readiness = async (app: AppProcess) => {
  const res = await fetch(`${app.baseUrl}/api/ready`);
  return { status: res.status, body: await res.json() };
};

/** The leaving instance's "drained" log line. */
const drainedLine = (app: AppProcess) => {
  const line = app
    .output()
    .split('\n')
    .find((l) => l.includes('"msg":"drained'));
  return line ? JSON.parse(line) : null;
};

describe('SIGTERM to one of two instances', () => {
  it('with time to finish: it stops being ready, finishes the run in its task and the one awaiting its receipt, then exits', async () => {
    const leaving = await stack.startApp({ TICKWORK_SHUTDOWN_GRACE_MS: '60000' }, { captureOutput: true });
    expect((await readiness(leaving)).status).toBe(200);
    try {
      const { pays, ids, nonceBefore } = await catchMidRunAndMidConfirmation(8_000);
      const stopped = leaving.stop();
      const draining = await waitUntil('the leaving instance not ready', async () => {
        const r = await readiness(leaving).catch(() => null);
        return r?.status === 503 ? r.body : null;
      });
      expect(draining).toMatchObject({ ready: false, draining: true });
      await mineEvery(1);
      await stopped;
      // the other instance was frozen all along: the leaving one ended both runs itself before it exited
      const rows = await executionRows(ids);
      expect(rows.map((r) => r.status)).toEqual(['confirmed', 'confirmed']);
      expect(drainedLine(leaving)).toMatchObject({ jobsRunning: 2, handedBack: 0 });
      expect(leaving.exitCode()).toBe(143);
      thaw(stack.app());
      await expectPaidOnce(w, pays, nonceBefore);
    } finally {
      thaw(stack.app());
      await leaving.kill('SIGKILL');
    }
  }, 120_000);

  it('past its grace period: it hands both runs back and exits; the other instance ends each once, sending nothing twice', async () => {
    const leaving = await stack.startApp({ TICKWORK_SHUTDOWN_GRACE_MS: '1500' }, { captureOutput: true });
    try {
      const { pays, ids, nonceBefore, held } = await catchMidRunAndMidConfirmation(8_000);
      const quickHash = held.find((r) => r.executable_id === pays[0].exe.id)?.tx_hash;
      expect(quickHash).toMatch(/^0x[0-9a-f]{64}$/);
      await leaving.stop();
      // the run in its task is handed back; the one awaiting its receipt leaves its job to the watcher once its
      // re-pricing is due (6 s on this chain), which may fall inside the grace period
      const drained = drainedLine(leaving);
      expect(drained.jobsRunning).toBe(2);
      expect(drained.handedBack).toBeGreaterThanOrEqual(1);
      expect((await executionRows(ids)).map((r) => r.status).sort()).toEqual(['running', 'submitted']);

      thaw(stack.app());
      await mineEvery(1);
      const ended = await waitUntil(
        'both runs ended on the other instance',
        async () => {
          const rows = await executionRows(ids);
          return rows.length === 2 && rows.every((r) => FINAL_STATUSES.includes(r.status)) ? rows : null;
        },
        90_000,
      );
      // the transaction sent before the signal is the one confirmed: nothing was signed again for it
      expect(ended.find((r) => r.executable_id === pays[0].exe.id)?.tx_hash).toBe(quickHash);
      await expectPaidOnce(w, pays, nonceBefore);
    } finally {
      thaw(stack.app());
      await leaving.kill('SIGKILL');
    }
  }, 150_000);

  it('an API instance (TICKWORK_EMBEDDED_WORKER=off) is ready without running jobs, and drains at once', async () => {
    const api = await stack.startApp({ TICKWORK_EMBEDDED_WORKER: 'off' }, { captureOutput: true });
    try {
      const { status, body } = await readiness(api);
      expect(status).toBe(200);
      expect(body.checks.jobs).toEqual({ ok: true, provider: 'embedded', worker: 'off' });
      await api.stop();
      expect(drainedLine(api)).toMatchObject({ jobsRunning: 0, handedBack: 0 });
      expect(api.exitCode()).toBe(143);
    } finally {
      await api.kill('SIGKILL');
    }
  }, 60_000);

  it('is not ready while a committed migration is missing from the database', async () => {
    const [newest] = await testDb().$sql<{ id: number; hash: string; created_at: string }[]>`
      select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`;
    expect((await readiness(stack.app())).status).toBe(200);
    await testDb().$sql`delete from drizzle.__drizzle_migrations where id = ${newest.id}`;
    try {
      const { status, body } = await readiness(stack.app());
      expect(status).toBe(503);
      expect(body.checks.migrations).toMatchObject({ ok: false, pending: [expect.any(String)] });
      expect(body.checks.database.ok).toBe(true);
    } finally {
      await testDb().$sql`
        insert into drizzle.__drizzle_migrations (id, hash, created_at)
        values (${newest.id}, ${newest.hash}, ${newest.created_at}::bigint)`;
    }
    expect((await readiness(stack.app())).status).toBe(200);
  }, 30_000);
});
