import { describe, expect, it } from 'vitest';
import { usageDaily } from '@/db/schema';
import { currentCycle, projectToCycleEnd } from '@/lib/usage/cycle';
import { PLANS } from '@/lib/usage/plans';
import { expectDataEnvelope, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable } from '../../support/seed';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const USAGE_KEYS = [
  'computeUnits',
  'cycle',
  'daily',
  'executables',
  'executions',
  'functionUploads',
  'gasCredits',
  'plan',
  'projection',
  'rpcRequests',
  'workspaceId',
];

describe('usage: happy paths', () => {
  it('a fresh Free workspace: zero usage, plan limits 60,000 CU / 3 executables / 3 uploads, cycle = this UTC month', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const res = await api('/api/v1/usage', { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    const u = res.body.data;
    expect(Object.keys(u).sort()).toEqual(USAGE_KEYS);
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    expect(u).toEqual({
      workspaceId: owner.workspaceId,
      plan: { id: 'free', name: 'Free', priceUsdPerMonth: 0 },
      cycle: { start: start.toISOString(), end: end.toISOString() },
      computeUnits: {
        used: 0,
        included: 60_000,
        projected: 0,
        overage: 0,
        projectedOverage: 0,
        onExhaustion: 'refuse',
        exhausted: false,
        alert: 'none',
      },
      projection: { straightLine: 0, scheduled: { executables: 0, runs: 0, computeUnits: 0 } },
      rpcRequests: { total: 0, freePerExecution: 0, free: 0, billed: 0 },
      gasCredits: { includedUsd: 0 },
      executions: 0,
      executables: { used: 0, limit: 3 },
      functionUploads: { used: 0, limit: 3 },
      daily: [],
    });
  });

  it.each([
    ['pro', { id: 'pro', name: 'Pro', priceUsdPerMonth: 29 }, 600_000, 20, null],
    ['enterprise', { id: 'enterprise', name: 'Enterprise', priceUsdPerMonth: 149 }, 6_000_000, 100, null],
  ] as const)('the %s plan limits', async (plan, planBody, cu, executables, uploads) => {
    const owner = await newWorkspace({ plan });
    const u = (await api('/api/v1/usage', { token: owner.token })).body.data;
    expect(u.plan).toEqual(planBody);
    expect(u.computeUnits.included).toBe(cu);
    expect(u.executables.limit).toBe(executables);
    expect(u.functionUploads.limit).toBe(uploads);
    expect(PLANS[plan].computeUnitsPerMonth).toBe(cu);
  });

  it('sums this cycle’s daily rows only, orders them by day, and projects to the cycle end', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const other = await newWorkspace();
    const cycle = currentCycle();
    const firstDay = isoDay(cycle.start);
    const today = isoDay(new Date());
    const lastMonth = isoDay(new Date(cycle.start.getTime() - 86_400_000));
    const nextMonth = isoDay(cycle.end);
    const rows = [
      { workspaceId: owner.workspaceId, day: lastMonth, computeUnits: 99_999, executions: 999 },
      { workspaceId: owner.workspaceId, day: nextMonth, computeUnits: 88_888, executions: 888 },
      { workspaceId: other.workspaceId, day: today, computeUnits: 77_777, executions: 777 },
      { workspaceId: owner.workspaceId, day: firstDay, computeUnits: 1_200, executions: 12 },
    ];
    if (today !== firstDay)
      rows.push({ workspaceId: owner.workspaceId, day: today, computeUnits: 3_400, executions: 34 });
    await testDb().insert(usageDaily).values(rows);
    const expectedUsed = today !== firstDay ? 4_600 : 1_200;
    const expectedExecutions = today !== firstDay ? 46 : 12;

    const before = new Date();
    const res = await api('/api/v1/usage', { token: owner.token });
    const after = new Date();
    const u = res.body.data;
    expect(u.computeUnits.used).toBe(expectedUsed);
    expect(u.executions).toBe(expectedExecutions);
    expect(u.daily.map((d: any) => d.day)).toEqual(today !== firstDay ? [firstDay, today] : [firstDay]);
    expect(u.daily[0]).toEqual({ day: firstDay, computeUnits: 1_200, executions: 12 });
    // straight line: used × cycle length ÷ elapsed (at least one hour), evaluated at request time
    const low = projectToCycleEnd(expectedUsed, cycle, after);
    const high = projectToCycleEnd(expectedUsed, cycle, before);
    expect(u.computeUnits.projected).toBeGreaterThanOrEqual(low);
    expect(u.computeUnits.projected).toBeLessThanOrEqual(high);
    expect(u.computeUnits.projected).toBeGreaterThanOrEqual(expectedUsed);
  });

  it('projection math: one hour minimum elapsed, linear in used', () => {
    const cycle = { start: new Date('2026-02-01T00:00:00Z'), end: new Date('2026-03-01T00:00:00Z') };
    const hours = 28 * 24;
    expect(projectToCycleEnd(100, cycle, new Date('2026-02-01T00:00:01Z'))).toBe(100 * hours);
    expect(projectToCycleEnd(100, cycle, new Date('2026-02-15T00:00:00Z'))).toBe(200);
    expect(projectToCycleEnd(0, cycle, new Date('2026-02-20T00:00:00Z'))).toBe(0);
    expect(projectToCycleEnd(3, cycle, new Date('2026-03-01T00:00:00Z'))).toBe(3);
    expect(currentCycle(new Date('2026-12-31T23:59:59Z'))).toEqual({
      start: new Date('2026-12-01T00:00:00Z'),
      end: new Date('2027-01-01T00:00:00Z'),
    });
  });

  it('counts live executables (not deleted) and releases uploaded this cycle', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const cycle = currentCycle();
    await seedExecutable(owner.workspaceId, project.id, { state: 'active' });
    await seedExecutable(owner.workspaceId, project.id, { state: 'paused' });
    await seedExecutable(owner.workspaceId, project.id, { state: 'deleted' });
    await seedExecutable(owner.workspaceId, project.id, {
      state: 'deleted',
      functionCreatedAt: new Date(cycle.start.getTime() - 1000), // released last cycle
    });
    const u = (await api('/api/v1/usage', { token: owner.token })).body.data;
    expect(u.executables).toEqual({ used: 2, limit: 3 });
    expect(u.functionUploads).toEqual({ used: 3, limit: 3 });
  });
});
