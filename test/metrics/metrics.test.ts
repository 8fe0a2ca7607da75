// GET /metrics: the Prometheus text of the app under test, read with a Prometheus text parser. The token gates
// it; the engine's counters and histograms move when a run happens; the queue depth comes from the database.
import { beforeAll, describe, expect, it } from 'vitest';
import { receiverChannel, waitFor } from '../support/alerts';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { startHttpReceiver } from '../support/notify-receivers';
import { type PromFamily, parsePrometheusText } from '../support/prometheus';
import { type RunWorld, runnableExe, runToEnd, runWorld, transfersTo } from '../support/runs';
import { TEST_METRICS_TOKEN } from '../support/stack';

async function scrape(): Promise<Map<string, PromFamily>> {
  const res = await api('/metrics', { token: TEST_METRICS_TOKEN });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parsePrometheusText(res.text);
}

/** A counter's value, or a histogram's observation count, for the samples carrying `labels` (0 when none). */
function total(families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}): number {
  const family = families.get(name);
  const sampleName = family?.type === 'histogram' ? `${name}_count` : name;
  return (family?.samples ?? [])
    .filter((s) => s.name === sampleName && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

const SKIP_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'nothing due' }) };\n`;
const PAY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => ({
  canExec: true, calls: [{ to: ctx.args.to, data: '0x', value: '5' }] }) };\n`;

/** How much each metric moved between two scrapes (for the samples carrying `labels`). */
const movement =
  (before: Map<string, PromFamily>, after: Map<string, PromFamily>) =>
  (name: string, labels?: Record<string, string>) =>
    total(after, name, labels) - total(before, name, labels);

describe('GET /metrics', () => {
  it('answers 401 in the error shape without the token or with a wrong one', async () => {
    for (const token of [undefined, 'wrong-token', `${TEST_METRICS_TOKEN}x`]) {
      const res = await api('/metrics', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ code: 'unauthorized', requestId: expect.any(String) });
      expect(res.text).not.toContain(TEST_METRICS_TOKEN);
    }
  });

  it('serves every documented family in the Prometheus text format', async () => {
    const families = await scrape();
    for (const [name, type] of [
      ['tickwork_executions_finished_total', 'counter'],
      ['tickwork_execution_latency_seconds', 'histogram'],
      ['tickwork_scheduler_lag_seconds', 'histogram'],
      ['tickwork_sandbox_run_seconds', 'histogram'],
      ['tickwork_task_rpc_requests_total', 'counter'],
      ['tickwork_platform_rpc_requests_total', 'counter'],
      ['tickwork_webhook_door_responses_total', 'counter'],
      ['tickwork_notification_deliveries_total', 'counter'],
      ['tickwork_execution_queue_depth', 'gauge'],
      ['tickwork_process_resident_memory_bytes', 'gauge'],
    ] as const) {
      expect(families.get(name)?.type, name).toBe(type);
    }
    const depth = families.get('tickwork_execution_queue_depth')?.samples ?? [];
    expect(depth.map((s) => s.labels.status).sort()).toEqual(
      ['pending', 'running', 'simulating', 'submitted', 'submitted_unknown'].sort(),
    );
  });

  describe('when a run happens', () => {
    let w: RunWorld;
    beforeAll(async () => {
      w = await runWorld();
    }, 60_000);

    it('counts the finished execution and observes its latency and sandbox time', async () => {
      const exe = await runnableExe(w, SKIP_TASK);
      const before = await scrape();
      const run = await runToEnd(w.token, exe.id);
      expect(run.execution.status).toBe('skipped');
      const after = await scrape();
      const moved = (name: string, labels?: Record<string, string>) =>
        total(after, name, labels) - total(before, name, labels);
      expect(
        moved('tickwork_executions_finished_total', { status: 'skipped', trigger: 'manual' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        moved('tickwork_execution_latency_seconds', { stage: 'start', trigger: 'manual' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        moved('tickwork_sandbox_run_seconds', { runner: 'isolate', outcome: 'skip' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('a paying run that confirms: observes trigger→submitted and trigger→confirmed, and the platform RPC calls', async () => {
      const to = newAddress();
      const exe = await runnableExe(w, PAY_TASK, {
        files: { 'permissions.json': transfersTo(to) },
        exe: { args: JSON.stringify({ to }) },
      });
      const before = await scrape();
      const run = await runToEnd(w.token, exe.id);
      expect(run.execution.status).toBe('confirmed');
      const moved = movement(before, await scrape());
      for (const stage of ['submitted', 'confirmed'])
        expect(
          moved('tickwork_execution_latency_seconds', { stage, trigger: 'manual' }),
          stage,
        ).toBeGreaterThanOrEqual(1);
      expect(
        moved('tickwork_executions_finished_total', { status: 'confirmed', trigger: 'manual' }),
      ).toBeGreaterThanOrEqual(1);
      // at least the transaction sent and its receipt read
      expect(
        moved('tickwork_platform_rpc_requests_total', { chain: String(run.execution.chainId ?? 31337) }),
      ).toBeGreaterThanOrEqual(2);
    });

    it('a scheduled run: observes the scheduler lag and its trigger→start', async () => {
      const exe = await runnableExe(w, SKIP_TASK, {
        exe: { trigger: { type: 'interval', intervalMs: 3_600_000 } },
      });
      const db = testDb();
      const before = await scrape();
      // due now: the scheduler claims it within its tick (unless a run of it is still unfinished, as its first
      // one may be: then the claim inserts nothing, and it is made due again once that run is over)
      let ran: { status: string }[] = [];
      for (let round = 0; round < 5 && !ran.some((r) => r.status === 'skipped'); round++) {
        await waitFor(
          () => db.$sql`select id from executions where executable_id = ${exe.id} and finished_at is null`,
          (rows) => rows.length === 0,
        );
        const [{ due }] = await db.$sql`
          update executables set next_run_at = date_trunc('milliseconds', now()) where id = ${exe.id}
           returning next_run_at as due`;
        ran = await waitFor(
          () => db.$sql<{ status: string }[]>`
            select status from executions
             where executable_id = ${exe.id} and trigger = 'schedule' and scheduled_at >= ${due}`,
          (rows) => rows.some((r) => r.status === 'skipped'),
          5_000,
        );
      }
      expect(ran.map((r) => r.status)).toContain('skipped');
      await db.$sql`update executables set state = 'paused' where id = ${exe.id}`;
      const moved = movement(before, await scrape());
      expect(moved('tickwork_scheduler_lag_seconds')).toBeGreaterThanOrEqual(1);
      expect(
        moved('tickwork_execution_latency_seconds', { stage: 'start', trigger: 'schedule' }),
      ).toBeGreaterThanOrEqual(1);
      expect(
        moved('tickwork_executions_finished_total', { status: 'skipped', trigger: 'schedule' }),
      ).toBeGreaterThanOrEqual(1);
    });

    it('a test notification: counts the delivery by channel kind and result', async () => {
      const http = await startHttpReceiver();
      try {
        const { channelId } = await receiverChannel(http, w.token, w.projectId);
        const before = await scrape();
        const sent = await api(`/api/v1/channels/${channelId}/test`, {
          method: 'POST',
          token: w.token,
        });
        expect(sent.status, sent.text).toBe(202);
        const deliveries = await waitFor(
          async () => (await api(`/api/v1/channels/${channelId}/deliveries`, { token: w.token })).body.data,
          (list: any[]) => list.some((d) => d.state === 'delivered'),
        );
        expect(deliveries.map((d: any) => d.state)).toEqual(['delivered']);
        const moved = movement(before, await scrape());
        expect(
          moved('tickwork_notification_deliveries_total', { kind: 'webhook', result: 'delivered' }),
        ).toBeGreaterThanOrEqual(1);
      } finally {
        await http.close();
      }
    });

    it('counts the webhook door answers by status code', async () => {
      const before = await scrape();
      const res = await api('/api/hooks/twh_doesnotexistdoesnotexistdoesnotexist0000000', {
        method: 'POST',
        raw: '{}',
      });
      expect(res.status).toBe(404);
      const after = await scrape();
      expect(total(after, 'tickwork_webhook_door_responses_total', { code: '404' })).toBe(
        total(before, 'tickwork_webhook_door_responses_total', { code: '404' }) + 1,
      );
    });
  });
});

describe('the test suite’s Prometheus text reader', () => {
  it('rejects what is not the exposition format, so a broken /metrics cannot pass', () => {
    expect(() => parsePrometheusText('tickwork_x{a="1"} 1\nnot a sample\n')).toThrow(/not a sample line/);
    expect(() => parsePrometheusText('tickwork_x{a=1} 1\n')).toThrow(/bad labels/);
    expect(() => parsePrometheusText('tickwork_x 1.2.3\n')).toThrow(/bad value/);
    expect(() => parsePrometheusText('# TYPE tickwork_x thing\n')).toThrow(/bad type/);
    const ok = parsePrometheusText(
      '# TYPE h histogram\nh_bucket{le="+Inf",a="x\\"y"} 3\nh_count{a="x\\"y"} 3\n',
    );
    expect(ok.get('h')?.samples.map((s) => [s.name, s.labels.a, s.value])).toEqual([
      ['h_bucket', 'x"y', 3],
      ['h_count', 'x"y', 3],
    ]);
  });
});
