// GET /api/v1/executables/{id}/latency: the console's latency figures over the API (lib/executions/latency.ts).
import { describe, expect, it } from 'vitest';
import { executions } from '@/db/schema';
import { expectError } from '../../support/expect';
import { newKey, newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { executionRowAt, seedExecutable } from '../../support/seed';

const S = 1000;
const HOUR = 3600 * S;

describe('GET /api/v1/executables/{executableId}/latency', () => {
  it('answers p50/p95 trigger → confirmed and the schedule adherence per window', async () => {
    const me = await newWorkspace();
    const project = await newProject(me.workspaceId);
    const exe = await seedExecutable(me.workspaceId, project.id);
    const now = Date.now();
    const run = (ago: number, lag: number, total: number) => executionRowAt(exe, now - ago, { lag, total });
    // 24 h: totals 2 s and 12 s (1 s and 8 s late); 7 d adds one of 10 s, on time
    await testDb()
      .insert(executions)
      .values([run(2 * HOUR, S, 2 * S), run(HOUR, 8 * S, 12 * S), run(72 * HOUR, 0, 10 * S)]);

    const res = await api(`/api/v1/executables/${exe.executableId}/latency`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    const { data } = res.body;
    expect(data.executableId).toBe(exe.executableId);
    expect(data.adherenceToleranceMs).toBe(5000);
    expect(data.windows['24h'].confirmed).toEqual({ count: 2, p50Ms: 7000, p95Ms: 11500 });
    expect(data.windows['24h'].adherence).toEqual({ due: 2, onTime: 1, ratio: 0.5 });
    expect(data.windows['7d'].confirmed.count).toBe(3);
    expect(data.windows['7d'].confirmed.p50Ms).toBe(10000);
    expect(data.windows['7d'].confirmed.p95Ms).toBeCloseTo(11800, 6);
    expect(data.windows['7d'].adherence).toEqual({ due: 3, onTime: 2, ratio: 2 / 3 });
    expect(data.windows['7d'].start.count).toBe(3);

    // without executions:read: 403; another workspace's key: 404
    const narrow = await newKey(me, { scopes: ['projects:read'] });
    expectError(
      await api(`/api/v1/executables/${exe.executableId}/latency`, { token: narrow.token }),
      403,
      'insufficient_scope',
    );
    const stranger = await newWorkspace();
    expectError(
      await api(`/api/v1/executables/${exe.executableId}/latency`, { token: stranger.token }),
      404,
      'not_found',
    );
  });

  it('answers zero counts and nulls for an executable without runs', async () => {
    const me = await newWorkspace();
    const exe = await seedExecutable(me.workspaceId, (await newProject(me.workspaceId)).id);
    const res = await api(`/api/v1/executables/${exe.executableId}/latency`, { token: me.token });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.windows['24h']).toEqual({
      confirmed: { count: 0, p50Ms: null, p95Ms: null },
      start: { count: 0, p50Ms: null, p95Ms: null },
      adherence: { due: 0, onTime: 0, ratio: null },
    });
  });
});
