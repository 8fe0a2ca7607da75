// What the fault tests check after every fault: each execution ended once, in one final status, and the chain
// carries at most one transaction per execution.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { runLeaseHeld } from '@/lib/executions/lease';
import { type FaultStack, startFaultStack } from './fault-stack';
import { newAddress, testDb } from './fixtures';
import { api } from './http';
import { pollPause } from './poll';
import { rpc } from './profiles';
import {
  balanceOf,
  type RunWorld,
  runnableExe,
  runWorld,
  startRun,
  transfersTo,
  waitForExecution,
} from './runs';
import { useTarget } from './target';

/** Sleeps `args.sleepMs` (so a test can catch it running), then sends `args.wei` to `args.to`. */
export const SLEEPY_PAY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  if (ctx.args.sleepMs) await new Promise((resolve) => setTimeout(resolve, ctx.args.sleepMs));
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(ctx.args.wei) }] };
} };\n`;

export type PayExe = { exe: any; to: string; wei: bigint };

/**
 * An active executable paying `wei` to a fresh address of its own (after `sleepMs`), on the world's profile. Its
 * schedule is hourly, so only the runs a test queues happen (a fault test outlasts the default 60 s interval).
 */
export async function payExe(
  w: RunWorld,
  opts: { sleepMs?: number; wei?: bigint; exe?: Record<string, unknown> } = {},
): Promise<PayExe> {
  const to = newAddress();
  const wei = opts.wei ?? 1000n + BigInt(Math.floor(Math.random() * 1000));
  const exe = await runnableExe(w, SLEEPY_PAY_TASK, {
    files: { 'permissions.json': transfersTo(to) },
    exe: {
      args: JSON.stringify({ to, wei: wei.toString(), sleepMs: opts.sleepMs ?? 0 }),
      trigger: { type: 'interval', intervalMs: 3_600_000 },
      ...opts.exe,
    },
  });
  return { exe, to, wei };
}

/** The account's transaction count on anvil (mined transactions only). */
export const nonceOf = async (address: string) =>
  Number(BigInt(await rpc<string>('eth_getTransactionCount', [address, 'latest'])));

/**
 * Polls `probe` until it answers something truthy (every `everyMs`, else backing off as `pollPause` does); fails
 * with `what` and the last answer after `timeoutMs`.
 */
export async function waitUntil<T>(
  what: string,
  probe: () => Promise<T>,
  timeoutMs = 60_000,
  everyMs?: number,
): Promise<NonNullable<T>> {
  const started = Date.now();
  let last: T | undefined;
  let failure: unknown;
  for (let looks = 0; Date.now() - started < timeoutMs; looks++) {
    try {
      last = await probe();
      if (last) return last as NonNullable<T>;
    } catch (error) {
      failure = error; // the app may be down right now: keep polling
    }
    await (everyMs ? new Promise((r) => setTimeout(r, everyMs)) : pollPause(looks));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${JSON.stringify(last)}, ${failure ?? ''})`);
}

/** Polls the execution (over the API) until its status is one of `statuses`; answers the record. */
export const waitForStatus = (token: string, id: string, statuses: string[], timeoutMs = 60_000) =>
  waitUntil(
    `execution ${id} reaching ${statuses.join('/')}`,
    async () => {
      const res = await api(`/api/v1/executions/${id}`, { token });
      return res.status === 200 && statuses.includes(res.body.data.status) ? res.body.data : null;
    },
    timeoutMs,
  );

/** The execution rows of executables, straight from the database (every one, whatever its status), oldest first. */
export async function executionRows(executableIds: string[]) {
  const rows = await testDb().$sql<
    {
      id: string;
      executable_id: string;
      status: string;
      tx_hash: string | null;
      nonce: string | null;
      scheduled_at: string;
    }[]
  >`select id, executable_id, status, tx_hash, nonce, scheduled_at from executions
     where executable_id in ${testDb().$sql(executableIds)} order by id`;
  return rows.map((row) => ({ ...row, scheduledAt: new Date(row.scheduled_at).getTime() }));
}

/** Whether a live worker holds the execution's run lease right now (it is working on it). */
export async function runLeaseHeldBy(executionId: string): Promise<boolean> {
  const [row] = await testDb().execute<{ held: boolean }>(
    sql`select ${runLeaseHeld(sql`${executionId}`)} as held`,
  );
  return row.held;
}

/**
 * Waits for the execution to end like `waitForExecution`; when it does not, the error also says what the fault
 * stack's queue and main app saw: the execution's queue jobs, whether its lease is held, the app log's tail.
 */
export async function waitForExecutionOn(stack: FaultStack, token: string, id: string, timeoutMs: number) {
  try {
    return await waitForExecution(token, id, timeoutMs);
  } catch (error) {
    // the queue's own table: its public view has no payload, and a replaced job's key is cleared
    const jobs = await testDb()
      .$sql`select j.id, t.identifier, j.key, j.attempts, j.max_attempts, j.locked_at, j.locked_by, j.run_at,
                     j.last_error
                from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
               where j.payload->>'executionId' = ${id} order by j.id`.catch(
      (e: Error) => `(the queue could not be read: ${e.message})`,
    );
    const lease = await runLeaseHeldBy(id).catch(() => 'unknown');
    const log = stack.app().output().split('\n').slice(-80).join('\n');
    throw new Error(
      `${(error as Error).message}\nqueue jobs: ${JSON.stringify(jobs)}\nlease held: ${lease}\napp log (tail):\n${log}`,
    );
  }
}

/** How many finished executions the workspace's usage counted (each must count exactly once). */
export async function meteredExecutions(workspaceId: string): Promise<number> {
  const [row] = await testDb().$sql`
    select coalesce(sum(executions), 0)::int as n from usage_daily where workspace_id = ${workspaceId}`;
  return row.n;
}

/**
 * The no-loss, no-duplicate invariant for executables that each ran `runsEach` times and paid every time: each
 * has exactly that many executions, all final and confirmed; each recorded transaction was mined from the
 * profile's account with the recorded nonce; no two executions share one; each recipient got the value once
 * per run; and the account sent exactly one transaction per execution since `nonceBefore`.
 */
export async function expectPaidOnce(w: RunWorld, pays: PayExe[], nonceBefore: number, runsEach = 1) {
  const rows = await executionRows(pays.map((p) => p.exe.id));
  for (const pay of pays) {
    const runs = rows.filter((r) => r.executable_id === pay.exe.id);
    expect(runs.map((r) => r.status)).toEqual(Array(runsEach).fill('confirmed'));
    expect(await balanceOf(pay.to)).toBe(pay.wei * BigInt(runsEach));
  }
  for (const row of rows) {
    const tx = await rpc<any>('eth_getTransactionByHash', [row.tx_hash]);
    expect(tx?.from.toLowerCase()).toBe(w.address.toLowerCase());
    expect(Number(BigInt(tx.nonce))).toBe(Number(row.nonce));
  }
  expect(new Set(rows.map((r) => r.tx_hash)).size).toBe(rows.length);
  expect(await nonceOf(w.address)).toBe(nonceBefore + pays.length * runsEach);
}

/**
 * A test file's own fault stack with a funded run world on it: booted before the file's tests (the shared
 * helpers point at it) and stopped after. Read `stack` and `w` inside the tests; `queue(exeId)` starts a manual
 * run and answers its execution id.
 */
export function faultStackWorld(opts?: Parameters<typeof startFaultStack>[0]) {
  const world = {} as { stack: FaultStack; w: RunWorld; queue: (exeId: string) => Promise<string> };
  beforeAll(async () => {
    world.stack = await startFaultStack(opts);
    useTarget(world.stack.target);
    world.w = await runWorld();
  }, 90_000);
  afterAll(async () => {
    await world.stack?.stop();
  });
  world.queue = async (exeId) => {
    const res = await startRun(world.w.token, exeId);
    expect(res.status).toBe(200);
    return res.body.data.id;
  };
  return world;
}
