// `tickwork replay <executionId>` end to end: a task that reads the chain decides, the engine runs it to
// confirmed on the test stack, the chain moves on (a run now decides otherwise), and the replay on a local fork
// of the stack's anvil pinned at the run's read block reproduces the recorded decision; a secret missing from
// --env changes the decision and the difference is reported (exit 1). A run cut short by its release's limits
// and an event-triggered run (its ctx.trigger) replay the same.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Address, createPublicClient, http, parseAbi } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { tickwork as runCli } from '../support/cli';
import { waitUntil } from '../support/faults';
import { testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { FINAL_STATUSES, type RunWorld, runnableExe, runToEnd, runWorld } from '../support/runs';
import {
  deployCounter,
  echoExe,
  INCREMENTED,
  increment,
  runsOf,
  settled,
  testSender,
} from '../support/triggers';

/** A counter of this file's own: other files increment the shared demo counter while these runs decide on it. */
let counter: Address;
const rpcUrl = inject('rpcUrl');
const baseUrl = inject('baseUrl');
const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const countNow = () =>
  client.readContract({
    address: counter,
    abi: parseAbi(['function count() view returns (uint256)']),
    functionName: 'count',
  });

/** increment() while the counter is below `args.below` and the gate key is there; else a skip saying why. */
const GATED_COUNTER_TASK = `export default { __tickworkTask: 1, run: async ({ args, secrets, chain, storage }) => {
  const runs = ((await storage.get('runs')) ?? 0) + 1;
  await storage.set('runs', runs);
  if (!(await secrets.get('GATE_KEY'))) return { canExec: false, message: 'no gate key' };
  const count = BigInt(await chain.request({ method: 'eth_call', params: [{ to: args.counter, data: '0x06661abd' }, 'latest'] }));
  if (count >= BigInt(args.below)) return { canExec: false, message: 'count ' + count + ' reached ' + args.below };
  return { canExec: true, message: 'run ' + runs + ': count ' + count + ' below ' + args.below, calls: [{ to: args.counter, data: '0xd09de08a' }] };
} };\n`;

const GATE_VALUE = `gate_${uniq()}${uniq()}`;
let w: RunWorld;
let tmp: string;
let confirmed: any;
let later: any;
let readBlock: number;

beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-replay-'));
  writeFileSync(path.join(tmp, 'with-key.env'), `GATE_KEY=${GATE_VALUE}\nOTHER=unused\n`);
  writeFileSync(path.join(tmp, 'without-key.env'), 'OTHER=unused\n');
  [w, counter] = await Promise.all([
    runWorld(),
    testSender().then((sender) => deployCounter(sender) as Promise<Address>),
  ]);
  const secret = await api('/api/v1/secrets', {
    method: 'POST',
    token: w.token,
    body: { projectId: w.projectId, name: `GATE_${uniq()}`, value: GATE_VALUE },
  });
  const below = (await countNow()) + 1n;
  const exe = await runnableExe(w, GATED_COUNTER_TASK, {
    files: { 'permissions.json': JSON.stringify({ calls: [{ to: counter, functions: ['increment()'] }] }) },
    exe: {
      args: JSON.stringify({ counter, below: below.toString() }),
      secretBindings: [{ secretId: secret.body.data.id, envKey: 'GATE_KEY' }],
    },
  });
  ({ execution: confirmed } = await runToEnd(w.token, exe.id));
  expect(confirmed.status, JSON.stringify(confirmed)).toBe('confirmed');
  expect(confirmed.message).toBe(`run 1: count ${below - 1n} below ${below}`);
  // The chain moved on (the run's own increment): a run now decides otherwise.
  expect(await countNow()).toBeGreaterThanOrEqual(below);
  ({ execution: later } = await runToEnd(w.token, exe.id));
  expect(later).toMatchObject({ status: 'skipped' });
  expect(later.message).toMatch(new RegExp(`^count \\d+ reached ${below}$`));
  const record = await api(`/api/v1/executions/${confirmed.id}/replay`, { token: w.token });
  readBlock = record.body.data.execution.readBlock;
  expect(readBlock).toBeLessThan(confirmed.blockNumber);
}, 180_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const replay = (id: string, args: string[], env: Record<string, string> = {}) =>
  runCli(['replay', id, '--api', baseUrl, '--workspace', w.workspaceId, ...args], {
    configHome: tmp,
    env: { TICKWORK_TOKEN: w.token, ...env },
  });

describe('tickwork replay <executionId>', () => {
  it("reproduces the confirmed run's decision on a fork pinned at its read block (exit 0)", async () => {
    const run = await replay(confirmed.id, ['--fork-url', rpcUrl, '--env', path.join(tmp, 'with-key.env')]);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const out = run.stdout;
    expect(out).toContain(`replay    ${confirmed.id} of ${confirmed.executableId}`);
    expect(out).toContain(`block     ${readBlock}`);
    expect(out).toContain(`recorded  canExec true  ${confirmed.message}  [confirmed ${confirmed.txHash}]`);
    expect(out).toContain(`result    canExec true  ${confirmed.message}`);
    // the recorded call (only its selector is kept) and the replayed one, named by permissions.json
    expect(out).toContain(`[confirmed ${confirmed.txHash}]\n  #0 ${counter}  increment()\n`);
    expect(out).toContain(`calls     1\n  #0 ${counter}  increment()\n     function increment()`);
    expect(out).toContain(`chain     31337 (local fork at block ${readBlock})`);
    expect(out).toContain('secrets   GATE_KEY (values not shown)');
    expect(out).toContain('same decision');
    expect(out).toContain('same outcome: no difference from the recorded run');
    expect(out + run.stderr).not.toContain(GATE_VALUE);
  });

  it('--json: one report; the later skipped run replays as the same skip; TICKWORK_FORK_URL stands for --fork-url', async () => {
    const run = await replay(confirmed.id, ['--env', path.join(tmp, 'with-key.env'), '--json'], {
      TICKWORK_FORK_URL: rpcUrl,
    });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({
      same: true,
      sameDecision: true,
      differences: [],
      block: String(readBlock),
      storageAvailable: true,
      missingSecrets: [],
      execution: { id: confirmed.id, status: 'confirmed', readBlock, storageVersion: 0 },
      replay: { ok: true, result: { canExec: true, message: confirmed.message }, secrets: ['GATE_KEY'] },
    });
    expect(report.replay.calls).toMatchObject([
      {
        to: counter,
        data: '0xd09de08a',
        value: '0',
        function: { name: 'increment', signature: 'increment()', args: [] },
        permitted: true,
      },
    ]);
    // the replay ran with the storage the run read (version 0: {}), so it is "run 1" again
    expect(report.replay.storage.after).toEqual({ runs: 1 });
    expect(run.stdout).not.toContain(GATE_VALUE);

    const skip = await replay(later.id, ['--env', path.join(tmp, 'with-key.env'), '--json'], {
      TICKWORK_FORK_URL: rpcUrl,
    });
    expect(skip.code, skip.stderr).toBe(0);
    const skipped = JSON.parse(skip.stdout);
    expect(skipped).toMatchObject({ same: true, execution: { status: 'skipped', storageVersion: 1 } });
    expect(skipped.replay.result).toEqual({ canExec: false, message: later.message });
    expect(skipped.replay.storage.after).toEqual({ runs: 2 });
  });

  it('a secret missing from --env changes the decision: reported, exit 1', async () => {
    const run = await replay(confirmed.id, [
      '--fork-url',
      rpcUrl,
      '--env',
      path.join(tmp, 'without-key.env'),
    ]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('secrets   missing from --env: GATE_KEY (replayed without them)');
    expect(run.stdout).toContain('result    canExec false  no gate key');
    expect(run.stdout).toContain('differences 1');
    expect(run.stdout).toContain('decision  recorded "exec", replayed "skip"');
    expect(run.stdout).not.toContain('same decision');

    const json = await replay(confirmed.id, [
      '--fork-url',
      rpcUrl,
      '--env',
      path.join(tmp, 'without-key.env'),
      '--json',
    ]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({
      same: false,
      sameDecision: false,
      missingSecrets: ['GATE_KEY'],
      differences: [{ field: 'decision', recorded: 'exec', replayed: 'skip' }],
    });
  });

  it('explains a missing fork URL, and answers 404 for an unknown execution', async () => {
    const missing = await replay(confirmed.id, ['--env', path.join(tmp, 'with-key.env')]);
    expect(missing.code).toBe(1);
    expect(missing.stdout).toBe('');
    expect(JSON.parse(missing.stderr.trim().split('\n').at(-1) as string)).toMatchObject({
      code: 'fork_url_required',
    });
    expect(missing.stderr).toContain('--fork-url');

    const unknown = await replay('exn_nope', ['--fork-url', rpcUrl]);
    expect(unknown.code).toBe(1);
    expect(JSON.parse(unknown.stderr.trim().split('\n').at(-1) as string)).toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('tickwork replay: what the run ran with besides its args and storage', () => {
  it("runs within the release's limits: a run past its release's time limit replays as the same error", async () => {
    const exe = await runnableExe(
      w,
      `export default { __tickworkTask: 1, run: async () => {
  await new Promise((resolve) => setTimeout(resolve, 5000));
  return { canExec: false, message: 'slept' };
} };\n`,
    );
    await testDb().$sql`update function_releases set limits = ${'{"timeoutMs":1000}'}::jsonb
                         where id = ${exe.functionId}`;
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status, JSON.stringify(execution)).toBe('failed');
    const run = await replay(execution.id, ['--fork-url', rpcUrl, '--json']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ same: true, release: { limits: { timeoutMs: 1000 } } });
    expect(report.replay.ok).toBe(false);
    expect(report.replay.error.code).toBe(execution.error.code);
  }, 60_000);

  it('gives an event-triggered run the same ctx.trigger', async () => {
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const exe = await echoExe(w, { type: 'event', addresses: [counter], event: INCREMENTED });
    await waitUntil('the follower following', () => settled(exe.id));
    await increment(sender, counter);
    const [recorded] = await waitUntil('the run, final', async () => {
      const found = await runsOf(exe.id);
      return found.length === 1 && FINAL_STATUSES.includes(found[0].status) ? found : null;
    });
    expect(recorded.message).toContain('"name":"Incremented"');
    const run = await replay(recorded.id, ['--fork-url', rpcUrl, '--json']);
    expect(run.code, run.stderr + run.stdout).toBe(0);
    const report = JSON.parse(run.stdout);
    expect(report).toMatchObject({ same: true, execution: { trigger: 'event' } });
    expect(report.replay.result).toEqual({ canExec: false, message: recorded.message });
  }, 60_000);
});
