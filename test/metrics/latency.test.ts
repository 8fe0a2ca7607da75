// Latency figures of the console (lib/executions/latency.ts) over executions rows with known times.
import { beforeAll, describe, expect, it } from 'vitest';
import { executions } from '@/db/schema';
import { executableLatency, projectLatency, recentRuns } from '@/lib/executions/latency';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { executionRowAt, type SeededExecutable, seedExecutable } from '../support/seed';

const NOW = new Date(Math.floor(Date.now() / 1000) * 1000);
const S = 1000;
const HOUR = 3600 * S;
const DAY = 24 * HOUR;

type Run = {
  /** due this long before NOW */
  ago: number;
  /** started this long after due (null: not started) */
  lag: number | null;
  /** finished this long after due (null: not finished) */
  total: number | null;
  status?: typeof executions.$inferInsert.status;
  trigger?: 'schedule' | 'webhook' | 'manual' | 'simulate';
  dryRun?: boolean;
};

async function insertRuns(exe: SeededExecutable, runs: Run[]) {
  await testDb()
    .insert(executions)
    .values(
      runs.map((r) =>
        executionRowAt(exe, NOW.getTime() - r.ago, r, {
          status: r.status ?? 'confirmed',
          trigger: r.trigger ?? 'schedule',
          dryRun: r.dryRun ?? false,
          // now, not the due time: the app under test requeues pending rows only once they are a minute old
          createdAt: NOW,
        }),
      ),
    );
}

let a: SeededExecutable;
let b: SeededExecutable;
let idle: SeededExecutable;
let soon: SeededExecutable;
let other: SeededExecutable;

beforeAll(async () => {
  const ws = await newWorkspace();
  const project = await newProject(ws.workspaceId);
  a = await seedExecutable(ws.workspaceId, project.id);
  b = await seedExecutable(ws.workspaceId, project.id);
  idle = await seedExecutable(ws.workspaceId, project.id);
  soon = await seedExecutable(ws.workspaceId, project.id);
  const ws2 = await newWorkspace();
  const project2 = await newProject(ws2.workspaceId);
  other = await seedExecutable(ws2.workspaceId, project2.id);

  await insertRuns(a, [
    // the last 24 hours
    { ago: 10 * HOUR, lag: 1 * S, total: 1 * S },
    { ago: 9 * HOUR, lag: 2 * S, total: 2 * S },
    { ago: 8 * HOUR, lag: 3 * S, total: 3 * S },
    { ago: 7 * HOUR, lag: 6 * S, total: 4 * S + 2 * S },
    { ago: 6 * HOUR, lag: 10 * S, total: 5 * S + 10 * S },
    { ago: 5 * HOUR, lag: 5 * S, total: 7 * S, status: 'failed' }, // exactly 5 s late: on time
    { ago: 4 * HOUR, lag: 100, total: 500, trigger: 'manual' },
    { ago: 3 * HOUR, lag: 50, total: 80, status: 'skipped', trigger: 'simulate', dryRun: true },
    { ago: 60 * S, lag: null, total: null, status: 'pending' }, // due a minute ago, not started: late
    // the last 7 days only
    { ago: DAY + S, lag: 0, total: 1 * S },
    { ago: 2 * DAY, lag: 20 * S, total: 30 * S },
    // older than 7 days: in neither window
    { ago: 7 * DAY + S, lag: 0, total: 100 * S },
  ]);
  await insertRuns(b, [{ ago: HOUR, lag: 1 * S, total: 2 * S }]);
  await insertRuns(soon, [{ ago: 2 * S, lag: null, total: null, status: 'pending' }]);
  await insertRuns(other, [{ ago: HOUR, lag: 9 * S, total: 9 * S }]);
});

describe('executableLatency', () => {
  it('answers p50/p95 of trigger→confirmed and trigger→start and the schedule adherence over 24 h', async () => {
    const { '24h': day } = await executableLatency(testDb(), a.workspaceId, a.executableId, NOW);
    // confirmed totals 500, 1000, 2000, 3000, 6000, 15000 (the failed and the dry run are not confirmed)
    expect(day.confirmed.count).toBe(6);
    expect(day.confirmed.p50Ms).toBeCloseTo(2500, 6);
    expect(day.confirmed.p95Ms).toBeCloseTo(12750, 6); // 6000 + 0.75 × 9000
    // started lags 100, 1000, 2000, 3000, 5000, 6000, 10000 (the dry run aside)
    expect(day.start.count).toBe(7);
    expect(day.start.p50Ms).toBeCloseTo(3000, 6);
    expect(day.start.p95Ms).toBeCloseTo(8800, 6); // 6000 + 0.7 × 4000
    // scheduled runs due: six started (1, 2, 3, 5 s on time; 6, 10 s late) and one still pending a minute on
    expect(day.adherence).toEqual({ due: 7, onTime: 4, ratio: 4 / 7 });
  });

  it('the 7-day window adds the older runs and leaves out what is older than 7 days', async () => {
    const { '7d': week } = await executableLatency(testDb(), a.workspaceId, a.executableId, NOW);
    // confirmed totals 500, 1000, 1000, 2000, 3000, 6000, 15000, 30000
    expect(week.confirmed.count).toBe(8);
    expect(week.confirmed.p50Ms).toBeCloseTo(2500, 6);
    expect(week.confirmed.p95Ms).toBeCloseTo(24750, 6); // 15000 + 0.65 × 15000
    // lags 0, 100, 1000, 2000, 3000, 5000, 6000, 10000, 20000
    expect(week.start.count).toBe(9);
    expect(week.start.p50Ms).toBeCloseTo(3000, 6);
    expect(week.start.p95Ms).toBeCloseTo(16000, 6); // 10000 + 0.6 × 10000
    expect(week.adherence).toEqual({ due: 9, onTime: 5, ratio: 5 / 9 });
  });

  it('answers zero counts and nulls without runs', async () => {
    const figures = await executableLatency(testDb(), idle.workspaceId, idle.executableId, NOW);
    for (const w of ['24h', '7d'] as const)
      expect(figures[w]).toEqual({
        confirmed: { count: 0, p50Ms: null, p95Ms: null },
        start: { count: 0, p50Ms: null, p95Ms: null },
        adherence: { due: 0, onTime: 0, ratio: null },
      });
  });

  it('does not count a run as due before its 5 s are over', async () => {
    const { '24h': day } = await executableLatency(testDb(), soon.workspaceId, soon.executableId, NOW);
    expect(day.adherence).toEqual({ due: 0, onTime: 0, ratio: null });
  });

  it('counts only its own rows, and only in its own workspace', async () => {
    const { '24h': day } = await executableLatency(testDb(), b.workspaceId, b.executableId, NOW);
    expect(day.confirmed).toEqual({ count: 1, p50Ms: 2000, p95Ms: 2000 });
    expect(day.adherence).toEqual({ due: 1, onTime: 1, ratio: 1 });
    const foreign = await executableLatency(testDb(), a.workspaceId, other.executableId, NOW);
    expect(foreign['7d'].confirmed.count).toBe(0);
  });
});

describe('projectLatency', () => {
  it('answers the figures per executable of the project, none of another project', async () => {
    const rows = await projectLatency(testDb(), a.workspaceId, a.projectId, NOW);
    expect(rows.map((r) => r.executableId).sort()).toEqual(
      [a.executableId, b.executableId, idle.executableId, soon.executableId].sort(),
    );
    const byId = new Map(rows.map((r) => [r.executableId, r.windows]));
    expect(byId.get(a.executableId)).toEqual(
      await executableLatency(testDb(), a.workspaceId, a.executableId, NOW),
    );
    expect(byId.get(b.executableId)?.['24h'].confirmed).toEqual({ count: 1, p50Ms: 2000, p95Ms: 2000 });
    expect(byId.get(idle.executableId)?.['7d'].confirmed.count).toBe(0);
  });

  it('answers nothing for a project of another workspace', async () => {
    expect(await projectLatency(testDb(), a.workspaceId, other.projectId, NOW)).toEqual([]);
    const theirs = await projectLatency(testDb(), other.workspaceId, other.projectId, NOW);
    expect(theirs).toHaveLength(1);
    expect(theirs[0].windows['24h'].confirmed).toEqual({ count: 1, p50Ms: 9000, p95Ms: 9000 });
  });
});

describe('recentRuns', () => {
  it('answers the latest runs newest first with their lag, duration and total', async () => {
    const runs = await recentRuns(testDb(), a.workspaceId, a.executableId, 4);
    expect(runs.map((r) => r.status)).toEqual(['pending', 'skipped', 'confirmed', 'failed']);
    expect(runs[0]).toMatchObject({ startedAt: null, lagMs: null, durationMs: null, totalMs: null });
    expect(runs[3]).toMatchObject({
      trigger: 'schedule',
      scheduledAt: new Date(NOW.getTime() - 5 * HOUR).toISOString(),
      lagMs: 5000,
      durationMs: 2000,
      totalMs: 7000,
    });
    expect(await recentRuns(testDb(), a.workspaceId, other.executableId)).toEqual([]);
  });
});
