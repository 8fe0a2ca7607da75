// The periodic alert checks on Inngest: the `alerts-check` cron function runs them (here a plan_usage rule of a
// workspace past 80 % of its plan opens its incident and owes the channel a `fired` message, once).
import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getDb } from '@/db/client';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { incidentsOf, outboxOf, seedChannel } from '../support/alerts';
import { testStackChain } from '../support/chain';
import { newProject, newWorkspace, testDb } from '../support/fixtures';
import { api } from '../support/http';

beforeAll(() => {
  process.env.DATABASE_URL = inject('databaseUrl'); // the function runs in this process on the app's database
  testStackChain();
});

afterAll(async () => {
  await getDb().$sql.end({ timeout: 5 });
});

describe('alerts-check (Inngest)', () => {
  it('runs the periodic checks in one step; a second run opens nothing more', async () => {
    const owner = await newWorkspace({ plan: 'free' });
    const project = await newProject(owner.workspaceId);
    const channelId = await seedChannel(owner.workspaceId, project.id);
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, kind: 'plan_usage', channelIds: [channelId] },
    });
    expect(rule.status, rule.text).toBe(201);
    await testDb().$sql`insert into usage_daily (workspace_id, day, compute_units)
                        values (${owner.workspaceId}, ${new Date().toISOString().slice(0, 10)}, 50000)`;
    for (let run = 0; run < 2; run++) {
      const { error, ctx } = await new InngestTestEngine({
        function: INNGEST_FUNCTIONS['alerts-check'],
      }).execute({
        events: [{ name: 'inngest/scheduled.timer', data: {} }] as never,
      });
      expect(error).toBeUndefined();
      expect(
        (ctx.step.run as unknown as { mock: { calls: unknown[][] } }).mock.calls.map((c) => c[0]),
      ).toEqual(['alerts-check']);
    }
    expect((await incidentsOf(project.id)).map((i) => [i.kind, i.state])).toEqual([['plan_usage', 'open']]);
    expect((await outboxOf(project.id)).map((o) => [o.event, o.channel_id])).toEqual([['fired', channelId]]);
  });
});
