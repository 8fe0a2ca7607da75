// The scheduler: due executables fire once (even with several schedulers claiming at once), interval triggers
// keep their phase without bursts, an unfinished run is not stacked, paused executables do not fire.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { type Db, getDb } from '@/db/client';
import { acquireRunLease } from '@/lib/executions/lease';
import { requeueStrandedExecutions, scheduleDueExecutions, schedulerTick } from '@/lib/executions/scheduler';
import { stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { followingRunAt } from '@/lib/schedules/clock';
import { exeAction } from '../support/executables';
import { testDb } from '../support/fixtures';
import { type RunWorld, runnableExe, runWorld, waitForExecution } from '../support/runs';

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'tick' }) };\n`;

let w: RunWorld;
let db: Db;
beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl'); // in-process schedulers queue on the app's database
  db = getDb();
  w = await runWorld();
}, 60_000);

afterAll(async () => {
  await stopEmbeddedJobs();
  await db.$sql.end({ timeout: 5 });
});

const makeDue = (ids: string[], at: Date) =>
  testDb().$sql`update executables set next_run_at = ${at.toISOString()}::timestamptz where id = any(${ids})`;

const scheduledRuns = (ids: string[]) =>
  testDb().$sql<{ id: string; executable_id: string; scheduled_at: string }[]>`
    select id, executable_id, scheduled_at from executions where executable_id = any(${ids}) and trigger = 'schedule'`;

async function waitFor<T>(read: () => Promise<T>, ok: (v: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await read();
    if (ok(value) || Date.now() - started > timeoutMs) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('followingRunAt', () => {
  const due = new Date('2026-01-01T00:00:00Z');
  it('interval: the next slot of the same phase, skipping the missed ones (no burst)', () => {
    const every = { type: 'interval' as const, intervalMs: 60_000 };
    expect(followingRunAt(every, due, new Date('2026-01-01T00:00:01Z'))).toEqual(
      new Date('2026-01-01T00:01:00Z'),
    );
    expect(followingRunAt(every, due, new Date('2026-01-01T00:05:30Z'))).toEqual(
      new Date('2026-01-01T00:06:00Z'),
    );
  });
  it('cron: the next match after now, in UTC', () => {
    const hourly = { type: 'cron' as const, cronspec: '15 * * * *' };
    expect(followingRunAt(hourly, due, new Date('2026-01-01T10:20:00Z'))).toEqual(
      new Date('2026-01-01T11:15:00Z'),
    );
  });
});

describe('the scheduler', () => {
  it('fires a due executable once: a schedule execution at its due time, the next run one interval later', async () => {
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'interval', intervalMs: 30_000 } },
    });
    const dueAt = new Date(Date.now() - 1_000);
    await makeDue([exe.id], dueAt);
    const runs = await waitFor(
      () => scheduledRuns([exe.id]),
      (r) => r.length > 0,
    );
    expect(runs).toHaveLength(1);
    expect(new Date(runs[0].scheduled_at).getTime()).toBe(dueAt.getTime());
    const { execution } = await waitForExecution(w.token, runs[0].id);
    expect(execution).toMatchObject({ status: 'skipped', trigger: 'schedule', message: 'tick' });
    const [row] = await testDb().$sql`select next_run_at from executables where id = ${exe.id}`;
    expect(new Date(row.next_run_at).getTime()).toBe(dueAt.getTime() + 30_000);
  });

  it('several schedulers claiming at once fire each due executable exactly once', async () => {
    const exes = await Promise.all([1, 2, 3, 4].map(() => runnableExe(w, SKIP_TASK)));
    const ids = exes.map((e) => e.id);
    await makeDue(ids, new Date(Date.now() - 5_000));
    await Promise.all([1, 2, 3].map(() => scheduleDueExecutions(db)));
    const runs = await waitFor(
      () => scheduledRuns(ids),
      (r) => r.length >= 4,
    );
    expect(runs.map((r) => r.executable_id).sort()).toEqual([...ids].sort());
  });

  it('does not stack a run on an unfinished one, and does not fire paused executables', async () => {
    const [busy, paused] = await Promise.all([runnableExe(w, SKIP_TASK), runnableExe(w, SKIP_TASK)]);
    expect((await exeAction(w.token, paused.id, 'pause')).status).toBe(200);
    // an unfinished manual run holds the executable's one active slot; its lease is held here, as its worker
    // would, so the app's scheduler does not take the run over as stranded (and end it) meanwhile
    const unfinished = `exn_01JBUSY${randomBytes(7).toString('hex')}`;
    const lease = await acquireRunLease(unfinished);
    onTestFinished(() => lease?.release());
    await testDb().$sql`
      insert into executions (id, workspace_id, project_id, executable_id, function_id, trigger, chain_id, scheduled_at, status)
      select ${unfinished}, workspace_id, project_id, id, function_id, 'manual', 31337, now(), 'running'
        from executables where id = ${busy.id}`;
    const due = new Date(Date.now() - 1_000);
    await makeDue([busy.id], due);
    await testDb()
      .$sql`update executables set next_run_at = now() - interval '1 second' where id = ${paused.id}`;
    await scheduleDueExecutions(db);
    // this call or the app's own scheduler claims it, whichever locks the row first: seen once that commits
    await waitFor(
      () => testDb().$sql`select next_run_at from executables where id = ${busy.id}`,
      ([row]) => new Date(row.next_run_at).getTime() > due.getTime(),
    );
    expect(await scheduledRuns([busy.id, paused.id])).toEqual([]);
  });

  it('re-queues a pending execution whose job was lost, and the worker finishes it', async () => {
    const exe = await runnableExe(w, SKIP_TASK);
    const [lost] = await testDb().$sql`
      insert into executions (id, workspace_id, project_id, executable_id, function_id, trigger, chain_id, scheduled_at, created_at)
      select 'exn_01LOST' || substr(md5(random()::text), 1, 16), workspace_id, project_id, id, function_id, 'manual', 31337,
             now() - interval '2 minutes', now() - interval '2 minutes'
        from executables where id = ${exe.id}
      returning id`;
    expect(await requeueStrandedExecutions(db)).toContain(lost.id);
    const { execution } = await waitForExecution(w.token, lost.id);
    expect(execution).toMatchObject({ status: 'skipped', message: 'tick' });
  });

  it('one tick keeps claiming while full batches come back: a backlog over one batch fires at once', async () => {
    const template = await runnableExe(w, SKIP_TASK);
    // 201 clones of one executable, all due: more than one claim batch (200)
    const clones = await testDb().$sql<{ id: string }[]>`
      insert into executables (id, workspace_id, project_id, function_id, profile_id, name, state, trigger, args,
                               sandbox_ref, next_run_at)
      select 'exe_01BACKLOG' || lpad(g::text, 15, '0'), workspace_id, project_id, function_id, profile_id,
             name || g, 'active', trigger, args, sandbox_ref, now() - interval '1 second'
        from executables, generate_series(1, 201) g where id = ${template.id}
      returning id`;
    await schedulerTick(db);
    const runs = await waitFor(
      () => scheduledRuns(clones.map((c) => c.id)),
      (r) => r.length >= 201,
    );
    expect(runs).toHaveLength(201);
  });
});
