// The fee hold on the real database: a fee_cap_exceeded ending holds the executable once (its start kept, the
// fee it needed updated) and opens fee_cap_held; while held the scheduler advances next_run_at without a run and
// the follower leaves its events ready; the watcher's release frees exactly the caps at or above the fee plus
// 12.5 % on that chain, makes a clock trigger due at once and resolves the incident; a cap change through the gas
// facet and a confirmed run lift it too. Also the console gas form's conversions of the caps (gwei, ETH → wei).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  costCapText,
  feeCapText,
  parseCostCap,
  parseFeeCap,
} from '@/app/(console)/[workspace]/projects/[projectId]/executables/_components/fee-caps';
import { type Db, getDb } from '@/db/client';
import { capNeededFor } from '@/lib/chains/fees';
import { holdForFee, releaseFeeHolds } from '@/lib/executables/fee-hold';
import { finishExecution } from '@/lib/executions/finish';
import { scheduleDueExecutions } from '@/lib/executions/scheduler';
import { dispatchReadyEvents } from '@/lib/follower/dispatch';
import { newId } from '@/lib/ids';
import { stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { incidentsOf, waitFor } from '../support/alerts';
import { patchFacet } from '../support/executables';
import { testDb } from '../support/fixtures';
import { api } from '../support/http';
import { type RunWorld, runnableExe, runWorld } from '../support/runs';
import { seedExecutable, seedExecutableLike } from '../support/seed';

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'tick' }) };\n`;
const HOURLY = { type: 'interval', intervalMs: 3_600_000 };
const GWEI = 1_000_000_000n;

let w: RunWorld;
let db: Db;
beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl'); // in-process code runs on the app's database
  db = getDb();
  w = await runWorld();
  const rule = await api('/api/v1/alert-rules', {
    method: 'POST',
    token: w.token,
    body: { projectId: w.projectId, kind: 'fee_cap_held' },
  });
  if (rule.status !== 201) throw new Error(`rule: ${rule.text}`);
}, 60_000);

afterAll(async () => {
  await stopEmbeddedJobs();
  await db.$sql.end({ timeout: 5 });
});

type HoldRow = { fee_held_since: Date | null; fee_hold_required: string | null; next_run_at: Date | null };
const at = (v: string | null) => (v === null ? null : new Date(v));
/** The hold columns and next run (raw SQL answers timestamps as text). */
async function holdOf(id: string): Promise<HoldRow> {
  const [row] = await testDb().$sql<
    { fee_held_since: string; fee_hold_required: string; next_run_at: string }[]
  >`
    select fee_held_since, fee_hold_required, next_run_at from executables where id = ${id}`;
  return { ...row, fee_held_since: at(row.fee_held_since), next_run_at: at(row.next_run_at) };
}

const hold = (id: string, requiredWei: bigint) => db.transaction((tx) => holdForFee(tx, id, requiredWei));

const feeIncidents = async (projectId: string, subject: string) =>
  (await incidentsOf(projectId)).filter((i) => i.kind === 'fee_cap_held' && i.subject === subject);

const setCap = (id: string, wei: bigint | null) =>
  testDb()
    .$sql`update executables set max_fee_per_gas = ${wei === null ? null : wei.toString()} where id = ${id}`;

const scheduledRuns = async (id: string) =>
  (
    await testDb().$sql<{ id: string; scheduled_at: string }[]>`
      select id, scheduled_at from executions where executable_id = ${id} and trigger = 'schedule'`
  ).map((r) => ({ id: r.id, scheduledAt: new Date(r.scheduled_at) }));

/** An unfinished manual execution of the executable, to end with finishExecution. */
async function runningExecution(executableId: string, dryRun = false): Promise<string> {
  const id = newId('execution');
  await testDb().$sql`
    insert into executions (id, workspace_id, project_id, executable_id, function_id, trigger, chain_id, scheduled_at, status, started_at, dry_run)
    select ${id}, workspace_id, project_id, id, function_id, ${dryRun ? 'simulate' : 'manual'}, 31337, now(), 'simulating', now(), ${dryRun}
      from executables where id = ${executableId}`;
  return id;
}

const capExceeded = (requiredWei: bigint) => ({
  status: 'failed' as const,
  error: { code: 'fee_cap_exceeded', message: 'the chain needs a higher fee than the cap allows' },
  feeHold: { requiredWei: requiredWei.toString() },
});

describe('holding', () => {
  it('sets the hold once: the start stays, the fee needed is the latest; one incident', async () => {
    const exe = await seedExecutable(w.workspaceId, w.projectId);
    // a cap the chain's fee is above: the app's watcher must not release the hold under the test
    await setCap(exe.executableId, 1n);
    await hold(exe.executableId, 50n * GWEI);
    const first = await holdOf(exe.executableId);
    expect(first.fee_held_since).toBeInstanceOf(Date);
    expect(first.fee_hold_required).toBe((50n * GWEI).toString());
    await new Promise((r) => setTimeout(r, 20));
    await hold(exe.executableId, 70n * GWEI);
    const second = await holdOf(exe.executableId);
    expect(second.fee_held_since).toEqual(first.fee_held_since);
    expect(second.fee_hold_required).toBe((70n * GWEI).toString());
    // the project default rule of this world: one open incident whatever the number of holds
    expect(await feeIncidents(w.projectId, exe.executableId)).toMatchObject([{ state: 'open' }]);
  });

  it('a fee_cap_exceeded ending holds the executable in its transaction and opens fee_cap_held; a dry run does not', async () => {
    const exe = await runnableExe(w, SKIP_TASK, { exe: { trigger: HOURLY } });
    // a cap the chain's fee is above: the app's watcher must not release the hold under the test
    await setCap(exe.id, 1n);
    const dry = await runningExecution(exe.id, true);
    expect(await finishExecution(db, dry, capExceeded(40n * GWEI))).toBe(true);
    expect((await holdOf(exe.id)).fee_held_since).toBeNull();

    const run = await runningExecution(exe.id);
    expect(await finishExecution(db, run, capExceeded(40n * GWEI))).toBe(true);
    const held = await holdOf(exe.id);
    expect(held.fee_held_since).toBeInstanceOf(Date);
    expect(held.fee_hold_required).toBe((40n * GWEI).toString());
    const [incident] = await feeIncidents(w.projectId, exe.id);
    expect(incident).toMatchObject({ state: 'open', details: { executableId: exe.id } });
    expect(incident.details.message.title).toContain('held by its fee cap');

    const again = await runningExecution(exe.id);
    await finishExecution(db, again, capExceeded(45n * GWEI));
    expect(await feeIncidents(w.projectId, exe.id)).toHaveLength(1);

    const record = await api(`/api/v1/executables/${exe.id}`, { token: w.token });
    expect(record.body.data.feeHold).toEqual({
      since: held.fee_held_since?.toISOString(),
      requiredMaxFeePerGas: (45n * GWEI).toString(),
    });
  });
});

describe('while held', () => {
  it('the scheduler advances next_run_at without inserting an execution', async () => {
    const exe = await runnableExe(w, SKIP_TASK, { exe: { trigger: HOURLY } });
    // a cap the chain's fee is above: the app's watcher must not release the hold under the test
    await setCap(exe.id, 1n);
    await hold(exe.id, 30n * GWEI);
    const due = new Date(Date.now() - 1_000);
    await testDb()
      .$sql`update executables set next_run_at = ${due.toISOString()}::timestamptz where id = ${exe.id}`;
    await scheduleDueExecutions(db);
    // this call or the app's own scheduler claims it, whichever locks the row first
    const advanced = await waitFor(
      () => holdOf(exe.id),
      (row) => (row.next_run_at?.getTime() ?? 0) > due.getTime(),
      15_000,
    );
    expect(advanced.next_run_at?.getTime()).toBe(due.getTime() + 3_600_000);
    expect(await scheduledRuns(exe.id)).toEqual([]);
  });

  it('the follower dispatches none of its trigger events: they stay ready, and run once the hold ends', async () => {
    const exe = await runnableExe(w, SKIP_TASK, {
      exe: { trigger: { type: 'block', everyBlocks: 10_000, confirmations: 0 } },
    });
    // a cap the chain's fee is above: the app's watcher must not release the hold under the test
    await setCap(exe.id, 1n);
    await hold(exe.id, 30n * GWEI);
    const event = newId('triggerEvent');
    const blockHash = `0x${'ab'.repeat(32)}`;
    await testDb().$sql`
      insert into trigger_events (id, executable_id, chain_id, block_number, block_hash, log_index, payload, status, ready_at)
      values (${event}, ${exe.id}, 31337, 1, ${blockHash}, -1,
              ${JSON.stringify({ kind: 'block', blockNumber: 1, blockHash, timestamp: 0 })}::jsonb, 'ready', 1)`;
    expect(await dispatchReadyEvents(db, exe.id)).toBe(0);
    const statusOf = async () =>
      (await testDb().$sql<{ status: string }[]>`select status from trigger_events where id = ${event}`)[0]
        .status;
    expect(await statusOf()).toBe('ready');

    await setCap(exe.id, null);
    await releaseFeeHolds(db, 31337, 1n); // unless the app's watcher released it first
    expect((await holdOf(exe.id)).fee_held_since).toBeNull();
    await dispatchReadyEvents(db, exe.id);
    expect(await waitFor(statusOf, (s) => s === 'dispatched', 15_000)).toBe('dispatched');
  });
});

describe('releasing', () => {
  const minimum = 1_000n * GWEI + 1n;
  const SUBJECT_CHAIN = 990_001;
  const OTHER_CHAIN = 990_002;

  it('the cap needed is the fee plus 12.5 %, rounded up', () => {
    expect(capNeededFor(1_000n * GWEI)).toBe(1_125n * GWEI);
    expect(capNeededFor(minimum)).toBe(1_125n * GWEI + 2n);
    expect(capNeededFor(8n)).toBe(9n);
    expect(capNeededFor(9n)).toBe(11n);
  });

  it('frees the caps at or above the fee plus the reserve on that chain, not below, not elsewhere', async () => {
    const exe = await seedExecutable(w.workspaceId, w.projectId);
    const enough = exe.executableId;
    const short = await seedExecutableLike(exe, 'paused');
    const uncapped = await seedExecutableLike(exe, 'paused');
    const otherChain = await seedExecutable(w.workspaceId, w.projectId);
    // chains the app does not have: its watcher releases nothing of them under the test
    await testDb().$sql`update profiles set chain_id = ${SUBJECT_CHAIN} where id = ${exe.profileId}`;
    await testDb().$sql`update profiles set chain_id = ${OTHER_CHAIN} where id = ${otherChain.profileId}`;
    await setCap(enough, capNeededFor(minimum));
    await setCap(short, capNeededFor(minimum) - 1n);
    await setCap(otherChain.executableId, 10_000n * GWEI);
    for (const id of [enough, short, uncapped, otherChain.executableId]) await hold(id, 1_200n * GWEI);

    const released = await releaseFeeHolds(db, SUBJECT_CHAIN, minimum);
    expect(released).toEqual(expect.arrayContaining([enough, uncapped]));
    expect(released).not.toContain(short);
    expect(released).not.toContain(otherChain.executableId);
    expect((await holdOf(enough)).fee_held_since).toBeNull();
    expect((await holdOf(enough)).fee_hold_required).toBeNull();
    expect((await holdOf(short)).fee_held_since).toBeInstanceOf(Date);
    expect((await holdOf(otherChain.executableId)).fee_held_since).toBeInstanceOf(Date);
    // paused: nothing is scheduled
    expect((await holdOf(enough)).next_run_at).toBeNull();

    // a chain default cap applies to the executables without their own
    const defaulted = await seedExecutableLike(exe, 'paused');
    await hold(defaulted, 1_200n * GWEI);
    expect(await releaseFeeHolds(db, SUBJECT_CHAIN, minimum, { defaultCapWei: 1_000n * GWEI })).not.toContain(
      defaulted,
    );
    expect(await releaseFeeHolds(db, SUBJECT_CHAIN, 1n, { defaultCapWei: 1_000n * GWEI })).toContain(
      defaulted,
    );
    expect(await releaseFeeHolds(db, SUBJECT_CHAIN, minimum)).not.toContain(enough);
  });

  it('makes a held clock trigger due at once and resolves fee_cap_held', async () => {
    const own = await runWorld();
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: own.token,
      body: { projectId: own.projectId, kind: 'fee_cap_held' },
    });
    expect(rule.status).toBe(201);
    const exe = await runnableExe(own, SKIP_TASK, { exe: { trigger: HOURLY } });
    // a chain the app does not have: its watcher releases nothing of it under the test
    await testDb().$sql`update profiles set chain_id = ${SUBJECT_CHAIN} where id = ${own.profileId}`;
    await setCap(exe.id, 100n * GWEI);
    await hold(exe.id, 120n * GWEI);
    expect((await feeIncidents(own.projectId, exe.id))[0]?.state).toBe('open');
    const before = Date.now();
    expect(await releaseFeeHolds(db, SUBJECT_CHAIN, 100n * GWEI)).not.toContain(exe.id);
    const released = await releaseFeeHolds(db, SUBJECT_CHAIN, 80n * GWEI);
    const after = Date.now();
    expect(released).toContain(exe.id);
    // due now: unless a scheduler already fired it (then its run was due at the release)
    const row = await holdOf(exe.id);
    const runs = await scheduledRuns(exe.id);
    const dueAt = runs[0]?.scheduledAt ?? row.next_run_at;
    expect(dueAt?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(dueAt?.getTime()).toBeLessThanOrEqual(after + 1_000);
    const [incident] = await feeIncidents(own.projectId, exe.id);
    expect(incident).toMatchObject({ state: 'resolved' });
    expect(incident.resolved_at).not.toBeNull();
    await scheduleDueExecutions(db);
    expect(
      await waitFor(
        () => scheduledRuns(exe.id),
        (r) => r.length === 1,
        15_000,
      ),
    ).toHaveLength(1);
  });
});

describe('lifting', () => {
  it('a cap change through the gas facet lifts the hold and resolves the incident; the same cap again does not', async () => {
    const exe = await runnableExe(w, SKIP_TASK, { exe: { trigger: HOURLY } });
    expect(
      (await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxFeePerGas: '1000' })).status,
    ).toBe(200);
    await hold(exe.id, 2_000n);
    const same = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxFeePerGas: '1000' });
    expect(same.body.data.feeHold).toMatchObject({ requiredMaxFeePerGas: '2000' });
    const omitted = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self' });
    expect(omitted.body.data.feeHold).not.toBeNull();

    const raised = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxFeePerGas: '3000' });
    expect(raised.status).toBe(200);
    expect(raised.body.data).toMatchObject({ maxFeePerGas: '3000', feeHold: null });
    expect((await holdOf(exe.id)).fee_held_since).toBeNull();
    expect((await feeIncidents(w.projectId, exe.id))[0]).toMatchObject({ state: 'resolved' });

    await hold(exe.id, 4_000n);
    const cleared = await patchFacet(w.token, exe.id, 'gas-mode', { gasMode: 'self', maxCostPerRun: '1' });
    expect(cleared.body.data).toMatchObject({ maxCostPerRun: '1', feeHold: null });
  });

  it('a confirmed run lifts the hold and leaves the schedule as it is', async () => {
    const exe = await runnableExe(w, SKIP_TASK, { exe: { trigger: HOURLY } });
    // a cap the chain's fee is above: the app's watcher must not release the hold under the test
    await setCap(exe.id, 1n);
    await hold(exe.id, 2_000n);
    const { next_run_at: scheduled } = await holdOf(exe.id);
    const run = await runningExecution(exe.id);
    expect(await finishExecution(db, run, { status: 'confirmed' })).toBe(true);
    const row = await holdOf(exe.id);
    expect(row.fee_held_since).toBeNull();
    expect(row.next_run_at).toEqual(scheduled);
    expect((await feeIncidents(w.projectId, exe.id))[0]).toMatchObject({ state: 'resolved' });
  });
});

describe('the console gas form', () => {
  it('turns gwei and ETH into wei exactly, refuses what it would have to round, and shows wei back', () => {
    expect(parseFeeCap('')).toEqual({ ok: true, wei: null });
    expect(parseFeeCap(' 25 ')).toEqual({ ok: true, wei: '25000000000' });
    expect(parseFeeCap('0.000000001')).toEqual({ ok: true, wei: '1' });
    expect(parseCostCap('0.01', 'ETH')).toEqual({ ok: true, wei: '10000000000000000' });
    expect(parseCostCap('1.000000000000000001', 'ETH')).toEqual({ ok: true, wei: '1000000000000000001' });
    for (const bad of ['0', '0.0', '-1', '1e9', 'abc', '1,5', '.5', '0.0000000001'])
      expect(parseFeeCap(bad).ok, bad).toBe(false);
    expect(parseCostCap('0.0000000000000000001', 'ETH')).toMatchObject({ ok: false });
    expect(feeCapText('25000000000')).toBe('25');
    expect(feeCapText(null)).toBe('');
    expect(costCapText('10000000000000000')).toBe('0.01');
  });
});
