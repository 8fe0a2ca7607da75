// The usage projection counts the active schedules: each active executable's remaining runs in the cycle ×
// its average compute units per run (1 without history), not only the straight line of the past days.

import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Tx } from '@/db/client';
import { executables, usageDaily } from '@/db/schema';
import { runsUntil } from '@/lib/usage/projection';
import { getUsage } from '@/lib/usage/service';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { seedExecutable, seedExecutableLike, seedExecutions } from '../support/seed';

// Two hours before the end of March 2026 (the cycle ends 2026-04-01T00:00Z).
const NOW = new Date('2026-03-31T22:00:00Z');
const CYCLE_END = new Date('2026-04-01T00:00:00Z');
const FIVE_MINUTES = { type: 'interval' as const, intervalMs: 300_000 };

/**
 * Makes the executable an active 5-minute schedule and reads the usage in the same transaction: its next run is
 * long past on the real clock, so once committed the shared test stack's scheduler would claim it and move its
 * next run (its claim skips rows another transaction holds).
 */
async function usageWhileActiveEvery5Minutes<T>(
  executableId: string,
  nextRunAt: Date,
  read: (tx: Tx) => Promise<T>,
): Promise<T> {
  return testDb().transaction(async (tx) => {
    await tx
      .update(executables)
      .set({ state: 'active', trigger: FIVE_MINUTES, nextRunAt })
      .where(eq(executables.id, executableId));
    return read(tx);
  });
}

describe('runsUntil', () => {
  it('interval: every slot from the next run to the cycle end (exclusive)', () => {
    // 22:05, 22:10, …, 23:55
    expect(runsUntil(FIVE_MINUTES, new Date('2026-03-31T22:05:00Z'), CYCLE_END, NOW)).toBe(23);
    expect(runsUntil(FIVE_MINUTES, NOW, CYCLE_END, NOW)).toBe(24);
    expect(runsUntil(FIVE_MINUTES, new Date('2026-03-31T23:55:00Z'), CYCLE_END, NOW)).toBe(1);
    expect(runsUntil(FIVE_MINUTES, CYCLE_END, CYCLE_END, NOW)).toBe(0);
    // overdue: fires at the next tick, then keeps its phase (22:03, …, 23:58)
    expect(runsUntil(FIVE_MINUTES, new Date('2026-03-31T21:58:00Z'), CYCLE_END, NOW)).toBe(1 + 24);
  });
  it('cron: walked match by match', () => {
    const hourly = { type: 'cron' as const, cronspec: '0 * * * *' };
    expect(runsUntil(hourly, new Date('2026-03-31T23:00:00Z'), CYCLE_END, NOW)).toBe(1);
    const everyMinute = { type: 'cron' as const, cronspec: '* * * * *' };
    // a whole 31-day month of minutes, past the walk's cap: extrapolated at the same rate
    const monthStart = new Date('2026-03-01T00:00:00Z');
    expect(runsUntil(everyMinute, monthStart, CYCLE_END, monthStart)).toBe(31 * 24 * 60);
  });
  it('event and block triggers: not projected (the chain decides when they run)', () => {
    const event = {
      type: 'event' as const,
      chainId: 31337,
      addresses: [],
      event: null,
      topics: [`0x${'11'.repeat(32)}`],
      confirmations: 0,
    };
    expect(runsUntil(event, null, CYCLE_END, NOW)).toBe(0);
    expect(
      runsUntil({ type: 'block', chainId: 31337, everyBlocks: 1, confirmations: 0 }, null, CYCLE_END, NOW),
    ).toBe(0);
  });
});

describe('usage projection', () => {
  it('an active 5-minute schedule without history: 23 runs left (22:05 … 23:55) × 1 CU', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const exe = await seedExecutable(owner.workspaceId, project.id);
    await seedExecutableLike(exe, 'paused'); // paused ones fire nothing

    const u = await usageWhileActiveEvery5Minutes(exe.executableId, new Date('2026-03-31T22:05:00Z'), (tx) =>
      getUsage(tx, owner.workspaceId, NOW),
    );
    expect(u.cycle).toEqual({ start: '2026-03-01T00:00:00.000Z', end: CYCLE_END.toISOString() });
    expect(u.projection).toEqual({
      straightLine: 0,
      scheduled: { executables: 1, runs: 23, computeUnits: 23 },
    });
    expect(u.computeUnits).toMatchObject({ used: 0, projected: 23, projectedOverage: 0 });
  });

  it('with history: the average compute units of its runs; used is added; the straight line wins when larger', async () => {
    const owner = await newWorkspace({ plan: 'pro' });
    const project = await newProject(owner.workspaceId);
    const exe = await seedExecutable(owner.workspaceId, project.id);
    await seedExecutions(exe, 3, { startMs: NOW.getTime() - 3_600_000 }); // 10 CU each
    await testDb()
      .insert(usageDaily)
      .values({ workspaceId: owner.workspaceId, day: '2026-03-31', computeUnits: 30, executions: 3 });

    const [u, heavy] = await usageWhileActiveEvery5Minutes(
      exe.executableId,
      new Date('2026-03-31T22:05:00Z'),
      async (tx) => {
        const light = await getUsage(tx, owner.workspaceId, NOW);
        // many days of heavy unscheduled use: the straight line is larger and is the projection
        await tx
          .update(usageDaily)
          .set({ computeUnits: 599000 })
          .where(eq(usageDaily.workspaceId, owner.workspaceId));
        return [light, await getUsage(tx, owner.workspaceId, NOW)];
      },
    );
    expect(u.projection.scheduled).toEqual({ executables: 1, runs: 23, computeUnits: 230 });
    expect(u.projection.straightLine).toBe(30); // 30 × 744 h ÷ 742 h, rounded
    expect(u.computeUnits.projected).toBe(30 + 230);

    expect(heavy.computeUnits.projected).toBe(heavy.projection.straightLine);
    expect(heavy.projection.straightLine).toBeGreaterThan(599_000 + 230);
    expect(heavy.computeUnits.projectedOverage).toBe(heavy.projection.straightLine - 600_000);
    expect(heavy.computeUnits.overage).toBe(0);
  });
});
