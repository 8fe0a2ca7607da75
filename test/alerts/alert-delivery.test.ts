// An alert from the rule to the receiver, on the test stack: a project's execution_failed rule names a signed
// webhook channel (a local HTTP receiver); a failing run opens one incident whose `fired` message arrives signed,
// a second failure while it is open sends nothing, and the next successful run sends one `resolved` message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@/lib/alerts/channels/signature';
import { uniq } from '../support/fixtures';
import { api } from '../support/http';
import { startHttpReceiver } from '../support/notify-receivers';
import { type RunWorld, runnableExe, runToEnd, runWorld } from '../support/runs';

/** Throws while its args say `fail` (the execution fails), else skips (a success). */
const FLAKY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  if (ctx.args.fail) throw new Error('the price feed answered 503');
  return { canExec: false, message: 'healthy again' };
} };\n`;

let w: RunWorld;
let http: Awaited<ReturnType<typeof startHttpReceiver>>;
beforeAll(async () => {
  [w, http] = await Promise.all([runWorld(), startHttpReceiver()]);
}, 60_000);
afterAll(() => http?.close());

/** Waits until the receiver holds `count` requests on `path`. */
async function receivedAt(path: string, count: number, timeoutMs = 30_000) {
  const started = Date.now();
  while (http.at(path).length < count) {
    if (Date.now() - started > timeoutMs)
      throw new Error(`${http.at(path).length} of ${count} requests reached ${path} in ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return http.at(path);
}

describe('an alert end to end', () => {
  it('fires once on failure and resolves once on success, signed, through the outbox and the delivery job', async () => {
    const path = `/alerts/${uniq()}`;
    const channel = await api('/api/v1/channels', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, kind: 'webhook', name: `ops-${uniq()}`, url: `${http.url}${path}` },
    });
    expect(channel.status, channel.text).toBe(201);
    const exe = await runnableExe(w, FLAKY_TASK, { exe: { args: JSON.stringify({ fail: true }) } });
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: w.token,
      body: {
        projectId: w.projectId,
        executableId: exe.id,
        kind: 'execution_failed',
        channelIds: [channel.body.data.id],
      },
    });
    expect(rule.status, rule.text).toBe(201);

    const first = await runToEnd(w.token, exe.id);
    expect(first.execution.status).toBe('failed');
    const [fired] = await receivedAt(path, 1);
    expect(fired.json).toMatchObject({
      event: 'fired',
      incident: expect.objectContaining({ kind: 'execution_failed', state: 'open' }),
      message: expect.objectContaining({ severity: 'warning' }),
    });
    expect(fired.json.message.title).toContain(exe.name);
    expect(JSON.stringify(fired.json.message.facts)).toContain(first.execution.id);
    const headers = {
      timestamp: fired.headers['tickwork-timestamp'] as string,
      signature: fired.headers['tickwork-signature'] as string,
    };
    expect(verifyWebhook(channel.body.data.signingSecret, headers, fired.body)).toBe(true);

    // a second failure while the incident is open: no second incident, nothing sent
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution.status).toBe('failed');
    const healed = await api(`/api/v1/executables/${exe.id}/args`, {
      method: 'PATCH',
      token: w.token,
      body: { args: JSON.stringify({ fail: false }) },
    });
    expect(healed.status, healed.text).toBe(200);
    const third = await runToEnd(w.token, exe.id);
    expect(third.execution.status).toBe('skipped');
    const messages = await receivedAt(path, 2);
    expect(messages.map((m) => m.json.event)).toEqual(['fired', 'resolved']);
    expect(messages[1].json.incident).toMatchObject({ id: fired.json.incident.id, state: 'resolved' });

    const incidents = await api(`/api/v1/alert-incidents?projectId=${w.projectId}&executableId=${exe.id}`, {
      token: w.token,
    });
    expect(incidents.status).toBe(200);
    expect(incidents.body.data).toHaveLength(1);
    expect(incidents.body.data[0]).toMatchObject({ state: 'resolved', kind: 'execution_failed' });

    // the channel's deliveries show both, delivered on the first attempt
    const deliveries = await api(`/api/v1/channels/${channel.body.data.id}/deliveries`, { token: w.token });
    expect(deliveries.status).toBe(200);
    expect(
      deliveries.body.data.map((d: { event: string; state: string }) => [d.event, d.state]).sort(),
    ).toEqual([
      ['fired', 'delivered'],
      ['resolved', 'delivered'],
    ]);
    // no third message arrives later
    await new Promise((r) => setTimeout(r, 1_500));
    expect(http.at(path)).toHaveLength(2);
  });
});
