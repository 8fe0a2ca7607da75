// Free RPC requests per execution (Free 0, Pro 25, Enterprise 100): the requests within the allowance cost
// nothing, the rest count with the web requests, ten to a compute unit; the usage API splits the cycle's RPC
// requests into free and billed ones.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executions, usageDaily } from '@/db/schema';
import { billedRpcRequests, computeUnitsOf } from '@/lib/usage/metering';
import { PLANS } from '@/lib/usage/plans';
import { getUsage } from '@/lib/usage/service';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { seedExecutable, seedExecutions } from '../support/seed';

describe('computeUnitsOf with the plan', () => {
  const run = (rpcRequests: number, fetchRequests = 0) => ({ durationMs: 400, rpcRequests, fetchRequests });

  it('Pro: 30 RPC requests bill 5 beyond the 25 free; ten billed requests make a compute unit', () => {
    expect(billedRpcRequests(30, PLANS.pro.freeRpcRequestsPerExecution)).toBe(5);
    expect(computeUnitsOf(run(30), PLANS.pro)).toBe(1); // 1 s + floor(5 / 10)
    expect(computeUnitsOf(run(25), PLANS.pro)).toBe(1);
    expect(computeUnitsOf(run(35), PLANS.pro)).toBe(2); // 10 billed
    expect(computeUnitsOf(run(30, 5), PLANS.pro)).toBe(2); // 5 billed RPC + 5 web requests
  });

  it('Enterprise: 100 free; Free: none (every request counts)', () => {
    expect(computeUnitsOf(run(100), PLANS.enterprise)).toBe(1);
    expect(computeUnitsOf(run(110), PLANS.enterprise)).toBe(2);
    expect(PLANS.free.freeRpcRequestsPerExecution).toBe(0);
    expect(computeUnitsOf(run(30), PLANS.free)).toBe(4);
    expect(computeUnitsOf({ durationMs: 2_001, rpcRequests: 9, fetchRequests: 0 }, PLANS.free)).toBe(3);
  });
});

describe('usage: RPC requests of the cycle', () => {
  it('Pro: an execution with 30 RPC requests → 25 free, 5 billed', async () => {
    const owner = await newWorkspace({ plan: 'pro' });
    const project = await newProject(owner.workspaceId);
    const exe = await seedExecutable(owner.workspaceId, project.id);
    const [id] = await seedExecutions(exe, 1);
    await testDb().$sql`update executions set rpc_requests = 30 where id = ${id}`;
    await testDb()
      .insert(usageDaily)
      .values({
        workspaceId: owner.workspaceId,
        day: new Date().toISOString().slice(0, 10),
        computeUnits: 1,
        executions: 1,
        rpcRequests: 30,
      });
    const u = (await api('/api/v1/usage', { token: owner.token })).body.data;
    expect(u.rpcRequests).toEqual({ total: 30, freePerExecution: 25, free: 25, billed: 5 });
    expect(u.gasCredits).toEqual({ includedUsd: 5 });
  });

  it('Free: the same execution bills all 30; gas credits 0', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const exe = await seedExecutable(owner.workspaceId, project.id);
    const [id] = await seedExecutions(exe, 1);
    await testDb().update(executions).set({ rpcRequests: 30 }).where(eq(executions.id, id));
    await testDb()
      .insert(usageDaily)
      .values({
        workspaceId: owner.workspaceId,
        day: new Date().toISOString().slice(0, 10),
        computeUnits: 4,
        executions: 1,
        rpcRequests: 30,
      });
    const u = await getUsage(testDb(), owner.workspaceId);
    expect(u.rpcRequests).toEqual({ total: 30, freePerExecution: 0, free: 0, billed: 30 });
    expect(u.gasCredits).toEqual({ includedUsd: 0 });
  });
});
