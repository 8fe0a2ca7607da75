// Event and block triggers on anvil (a stack of their own: the reorgs rewind its chain): one run per emitted
// log, in chain order, with ctx.trigger carrying it; a kill -9 and restart mid-stream misses none and doubles
// none; a log a reorg removes before its confirmations never runs, one removed after it ran is not run again,
// and one that stayed inside the rescanned window runs once; two app instances following one chain (each seen
// following it in its own logs) run each log once; the end of a run starts the next ready event without the
// follower; an instance further behind than the backfill limit jumps; saving the same trigger keeps its pending
// events; a block trigger runs every N blocks.
import { and, eq, inArray } from 'drizzle-orm';
import { getAddress, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { alertIncidents, executables, triggerEvents } from '@/db/schema';
import { chainFollowerLag } from '@/lib/follower/lag';
import { previewTriggerLogs } from '@/lib/follower/preview';
import { buildRelease } from '@/lib/functions/build/build-release';
import { newId } from '@/lib/ids';
import { upload } from '../support/bundles';
import { localChain } from '../support/chain';
import { createExe, exeBody, patchFacet, waitForExe } from '../support/executables';
import { faultStackWorld, payExe, waitUntil } from '../support/faults';
import { testDb, uniq } from '../support/fixtures';
import { gelatoFolder } from '../support/gelato';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { FINAL_STATUSES, type RunWorld, startRun, waitForExecution } from '../support/runs';
import {
  deployCounter,
  echoExe,
  echoedLogs,
  emitInBlocks,
  eventsOf,
  headBlock,
  INCREMENTED,
  increment,
  mine,
  receiptOf,
  runsOf,
  settled,
  testSender,
} from '../support/triggers';

const world = faultStackWorld({ env: { TICKWORK_FOLLOWER_TICK_MS: '250' } });

/** Waits until the follower is done with the executable, then answers its runs' echoed logs. */
async function finalLogs(executableId: string, count: number, timeoutMs = 60_000) {
  await waitUntil(
    `${count} runs of ${executableId}, all final, nothing left to run`,
    async () => {
      const runs = await runsOf(executableId);
      return (
        runs.length >= count &&
        runs.every((r) => FINAL_STATUSES.includes(r.status)) &&
        (await settled(executableId))
      );
    },
    timeoutMs,
  );
  return echoedLogs(executableId);
}

const eventTrigger = (counter: string, extra: Record<string, unknown> = {}) => ({
  type: 'event',
  addresses: [counter],
  event: INCREMENTED,
  ...extra,
});

/** A counter of its own and an echo executable run by its Incremented logs, once the follower follows it. */
async function followedCounter(w: RunWorld, extra: Record<string, unknown> = {}) {
  const sender = await testSender();
  const counter = await deployCounter(sender);
  const exe = await echoExe(w, eventTrigger(counter, extra));
  await waitUntil('the follower following', () => settled(exe.id));
  return { sender, counter, exe };
}

describe('event triggers', () => {
  it('run once per emitted log, in chain order, with the log in ctx.trigger (decoded)', async () => {
    const { w } = world;
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const exe = await echoExe(w, eventTrigger(counter));
    expect(exe.trigger).toMatchObject({
      type: 'event',
      chainId: 31337,
      confirmations: 0,
      addresses: [counter],
    });
    expect(exe.nextRunAt ?? null).toBeNull();
    // the follower starts at the head once the trigger is active
    await waitUntil('the follower following', () => settled(exe.id));

    const logs = await emitInBlocks(sender, counter, [3, 2]);
    expect(logs).toHaveLength(5);
    expect(new Set(logs.map((l) => l.b)).size).toBe(2);

    const echoed = await finalLogs(exe.id, 5);
    expect(echoed).toEqual(
      logs.map((l) => ({
        b: l.b,
        i: l.i,
        tx: l.tx,
        address: counter,
        name: 'Incremented',
        count: l.count,
        caller: expect.stringMatching(new RegExp(`^${sender}$`, 'i')),
      })),
    );
    const runs = await runsOf(exe.id);
    expect(runs.map((r) => r.trigger)).toEqual(Array(5).fill('event'));
    expect(new Set(runs.map((r) => r.trigger_event_id)).size).toBe(5);
    expect((await eventsOf(exe.id)).map((e) => e.status)).toEqual(Array(5).fill('dispatched'));
    const first = await api(`/api/v1/executions/${runs[0]?.id}`, { token: w.token });
    expect(first.body.data).toMatchObject({ trigger: 'event', triggerEventId: runs[0]?.trigger_event_id });
  }, 120_000);

  it('a manual run of an event-triggered executable still works, without ctx.trigger', async () => {
    const { w } = world;
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const exe = await echoExe(w, eventTrigger(counter));
    const res = await startRun(w.token, exe.id);
    expect(res.status).toBe(200);
    const { execution } = await waitForExecution(w.token, res.body.data.id);
    expect(execution.trigger).toBe('manual');
    expect(execution.message).toBe('none:manual');
  }, 60_000);

  it('a kill -9 and restart mid-stream: every log runs once, none twice', async () => {
    const { w, stack } = world;
    const { sender, counter, exe } = await followedCounter(w);

    const before = await emitInBlocks(sender, counter, [2, 1]);
    await stack.app().kill('SIGKILL');
    // while the app is down: logs in five more blocks, and blocks without any
    const during = await emitInBlocks(sender, counter, [1, 3, 1, 1, 2]);
    await mine(5);
    await stack.restartApp();

    const all = [...before, ...during];
    const echoed = await finalLogs(exe.id, all.length, 90_000);
    expect(echoed.map((e) => `${e.tx}:${e.i}`)).toEqual(all.map((l) => `${l.tx}:${l.i}`));
    expect((await runsOf(exe.id)).length).toBe(all.length);
  }, 180_000);

  it('a reorg before the confirmations: the removed log never runs; the chain goes on being followed', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w, { confirmations: 3 });

    const snapshot = await rpc<string>('evm_snapshot');
    const removed = await receiptOf(await increment(sender, counter));
    // the follower has seen it, waiting for its 3 confirmations
    await waitUntil('the log seen, waiting', async () =>
      (await eventsOf(exe.id)).some((e) => e.block_hash === removed.blockHash && e.status === 'waiting'),
    );
    await rpc('evm_revert', [snapshot]);
    await mine(6); // the new chain is longer than the old one, without the log

    await waitUntil('the removed log dropped', async () =>
      (await eventsOf(exe.id)).some((e) => e.block_hash === removed.blockHash && e.status === 'dropped'),
    );
    // a log on the new chain runs, once, after its confirmations
    const kept = await receiptOf(await increment(sender, counter));
    await mine(3);
    const echoed = await finalLogs(exe.id, 1);
    expect(echoed.map((e) => e.tx)).toEqual([kept.transactionHash]);
    expect(echoed.some((e) => e.tx === removed.transactionHash)).toBe(false);
  }, 120_000);

  it('a reorg after the run: the run stands and is not repeated', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w, { confirmations: 1 });

    const snapshot = await rpc<string>('evm_snapshot');
    const ran = await receiptOf(await increment(sender, counter));
    await mine(1);
    await finalLogs(exe.id, 1);
    await rpc('evm_revert', [snapshot]);
    await mine(4);
    // the follower has gone back over the reorg: the cursor is on the new chain past the old log's height
    await waitUntil('the follower past the reorg', () => settled(exe.id));
    const runs = await runsOf(exe.id);
    expect(runs).toHaveLength(1);
    expect(JSON.parse(runs[0].message ?? '{}').tx).toBe(ran.transactionHash);
    const events = await eventsOf(exe.id);
    expect(events.map((e) => e.status)).toEqual(['dispatched']);
    expect(await rpc('eth_getBlockByHash', [ran.blockHash, false])).toBeNull();
  }, 120_000);

  it('a reorg whose rescan window holds a log that stayed: that log runs once, the removed one never', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w, { confirmations: 2 });

    const stayed = await receiptOf(await increment(sender, counter));
    await mine(2);
    await finalLogs(exe.id, 1);
    const snapshot = await rpc<string>('evm_snapshot');
    const removed = await receiptOf(await increment(sender, counter));
    await waitUntil('the removed log seen, waiting', async () =>
      (await eventsOf(exe.id)).some((e) => e.block_hash === removed.blockHash && e.status === 'waiting'),
    );
    await rpc('evm_revert', [snapshot]);
    await mine(4); // the rescan goes back maxConfirmations (64) blocks: over the block of the log that stayed
    await waitUntil('the removed log dropped', async () =>
      (await eventsOf(exe.id)).some((e) => e.block_hash === removed.blockHash && e.status === 'dropped'),
    );
    const kept = await receiptOf(await increment(sender, counter));
    await mine(2);
    const echoed = await finalLogs(exe.id, 2);
    expect(echoed.map((e) => e.tx)).toEqual([stayed.transactionHash, kept.transactionHash]);
    const events = await eventsOf(exe.id);
    expect(events.filter((e) => e.block_hash === stayed.blockHash).map((e) => e.status)).toEqual([
      'dispatched',
    ]);
  }, 120_000);
});

describe('block triggers', () => {
  it('run for every Nth block once it has its confirmations, with the block in ctx.trigger', async () => {
    const { w } = world;
    const exe = await echoExe(w, { type: 'block', everyBlocks: 3, confirmations: 1 });
    expect(exe.trigger).toEqual({ type: 'block', chainId: 31337, everyBlocks: 3, confirmations: 1 });
    await waitUntil('the follower following', () => settled(exe.id));
    const start = await headBlock();
    await mine(10);
    const end = start + 10;
    const expected = [];
    for (let n = start + 1; n < end; n++) if (n % 3 === 0) expected.push(n); // block `end` lacks its confirmation
    // runs start in chain order: the first ones are the counted blocks (later blocks may already run too)
    await waitUntil('a final run per counted block', async () => {
      const runs = await runsOf(exe.id);
      return (
        runs.length >= expected.length &&
        runs.slice(0, expected.length).every((r) => FINAL_STATUSES.includes(r.status))
      );
    });
    const echoed = (await echoedLogs(exe.id)).slice(0, expected.length);
    expect(echoed.map((e) => e.block)).toEqual(expected);
    for (const e of echoed) {
      const block = await rpc<any>('eth_getBlockByNumber', [`0x${e.block.toString(16)}`, false]);
      expect(e.hash).toBe(block.hash);
      expect(e.ts).toBe(Number(BigInt(block.timestamp)));
    }
    const res = await testDb().$sql`update executables set state = 'paused' where id = ${exe.id}`;
    expect(res.count).toBe(1);
  }, 120_000);
});

/** The JSON log lines of a captured app output that carry `msg`. */
const logLines = <T>(output: string, msg: string) =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{') && line.includes(msg))
    .map((line) => JSON.parse(line) as T);

/** The ranges an app's follower scanned that held trigger events (its debug log lines). */
const scannedWithEvents = (output: string) =>
  logLines<{ from: number; to: number; events: number }>(output, 'chain follower scanned a range').filter(
    (line) => line.events > 0,
  );

describe('two app instances on one chain', () => {
  it('run each log once, and both follow the chain', async () => {
    const { w, stack } = world;
    const { sender, counter, exe } = await followedCounter(w);
    // two instances of their own (the main app stopped meanwhile), their logs captured: the first follows alone,
    // then both, then the second alone
    await stack.app().kill('SIGKILL');
    const env = { TICKWORK_FOLLOWER_TICK_MS: '100', LOG_LEVEL: 'debug' };
    const first = await stack.startApp(env, { captureOutput: true });
    let second: Awaited<ReturnType<typeof stack.startApp>> | null = null;
    try {
      const alone = await emitInBlocks(sender, counter, [2, 1]);
      await finalLogs(exe.id, alone.length, 60_000);
      second = await stack.startApp(env, { captureOutput: true });
      const together = await emitInBlocks(sender, counter, [4, 1, 3, 2, 2]);
      await finalLogs(exe.id, alone.length + together.length, 90_000);
      await first.stop();
      const after = await emitInBlocks(sender, counter, [1, 2]);
      const logs = [...alone, ...together, ...after];
      const echoed = await finalLogs(exe.id, logs.length, 90_000);
      expect(echoed.map((e) => `${e.tx}:${e.i}`)).toEqual(logs.map((l) => `${l.tx}:${l.i}`));
      const covers = (output: string, block: number) =>
        scannedWithEvents(output).some((r) => r.from <= block && block <= r.to);
      expect(covers(first.output(), alone[0].b)).toBe(true);
      expect(covers(second.output(), after[0].b)).toBe(true);
    } finally {
      await first.stop();
      await second?.stop();
      await stack.restartApp();
    }
  }, 240_000);
});

describe('dispatch', () => {
  it("the end of a run starts the executable's next ready event, without the follower", async () => {
    const { w, stack } = world;
    const { sender, counter, exe } = await followedCounter(w);
    // no follower anywhere: the main app stopped, an instance with it off; the logs' events made ready by hand
    await stack.app().kill('SIGKILL');
    const app = await stack.startApp({ TICKWORK_FOLLOWER: 'off' });
    try {
      const logs = await emitInBlocks(sender, counter, [2, 1]);
      const raw = await rpc<any[]>('eth_getLogs', [
        {
          address: counter,
          fromBlock: `0x${logs[0].b.toString(16)}`,
          toBlock: `0x${logs[2].b.toString(16)}`,
        },
      ]);
      expect(raw).toHaveLength(3);
      await testDb()
        .insert(triggerEvents)
        .values(
          raw.map((l) => {
            const payload = {
              kind: 'log' as const,
              address: getAddress(l.address),
              topics: l.topics,
              data: l.data,
              blockNumber: Number(BigInt(l.blockNumber)),
              blockHash: l.blockHash,
              transactionHash: l.transactionHash,
              transactionIndex: Number(BigInt(l.transactionIndex)),
              logIndex: Number(BigInt(l.logIndex)),
            };
            return {
              id: newId('triggerEvent'),
              executableId: exe.id,
              chainId: 31337,
              blockNumber: payload.blockNumber,
              blockHash: payload.blockHash,
              logIndex: payload.logIndex,
              payload,
              status: 'ready' as const,
              readyAt: payload.blockNumber,
            };
          }),
        );
      // a manual run ends: the first event's run starts, whose end starts the second's, and so on
      const res = await api(`/api/v1/executables/${exe.id}/run`, {
        method: 'POST',
        token: w.token,
        baseUrl: app.baseUrl,
      });
      expect(res.status, res.text).toBe(200);
      await waitUntil('every ready event run', async () => {
        const runs = await runsOf(exe.id);
        return runs.length === 4 && runs.every((r) => FINAL_STATUSES.includes(r.status));
      });
      const [manual, ...runs] = await runsOf(exe.id);
      expect(manual.message).toBe('none:manual');
      expect(runs.map((r) => r.trigger)).toEqual(['event', 'event', 'event']);
      const echoed = runs.map((r) => JSON.parse(r.message ?? 'null'));
      expect(echoed.map((e) => `${e.tx}:${e.i}`)).toEqual(logs.map((l) => `${l.tx}:${l.i}`));
      expect((await eventsOf(exe.id)).map((e) => e.status)).toEqual([
        'dispatched',
        'dispatched',
        'dispatched',
      ]);
    } finally {
      await app.stop();
      await stack.restartApp();
    }
  }, 120_000);
});

describe('dispatch with many stalled executables', () => {
  it('200+ paused executables with ready events do not keep an active one from running', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w);
    // 201 paused executables, each with a ready event, whose ids sort before the active one's
    const stalled = Array.from(
      { length: 201 },
      (_, i) => `exe_00000000${uniq()}${String(i).padStart(4, '0')}`,
    );
    await testDb()
      .insert(executables)
      .values(
        stalled.map((id) => ({
          id,
          workspaceId: w.workspaceId,
          projectId: w.projectId,
          functionId: exe.functionId,
          profileId: w.profileId,
          name: `stalled-${id}`,
          state: 'paused' as const,
          trigger: exe.trigger,
        })),
      );
    try {
      await testDb()
        .insert(triggerEvents)
        .values(
          stalled.map((id) => ({
            id: newId('triggerEvent'),
            executableId: id,
            chainId: 31337,
            blockNumber: 1,
            blockHash: `0x${'ee'.repeat(32)}`,
            logIndex: 0,
            payload: {
              kind: 'block' as const,
              blockNumber: 1,
              blockHash: `0x${'ee'.repeat(32)}`,
              timestamp: 1,
            },
            status: 'ready' as const,
            readyAt: 1,
          })),
        );
      const [log] = await emitInBlocks(sender, counter, [1]);
      // shorter than the test's timeout: the rows go whatever happens (they count against the plan's limit)
      const echoed = await finalLogs(exe.id, 1, 30_000);
      expect(echoed.map((e) => e.tx)).toEqual([log.tx]);
    } finally {
      await testDb().delete(executables).where(inArray(executables.id, stalled));
    }
  }, 60_000);
});

describe('backfill', () => {
  it('an instance further behind than TICKWORK_FOLLOWER_BACKFILL_BLOCKS jumps: logs in the skipped blocks never run', async () => {
    const { w, stack } = world;
    const { sender, counter, exe } = await followedCounter(w);
    // while no instance follows: a log, 20 empty blocks, another log (22 blocks past the cursor)
    await stack.app().kill('SIGKILL');
    const [skipped] = await emitInBlocks(sender, counter, [1]);
    await mine(20);
    const [backfilled] = await emitInBlocks(sender, counter, [1]);
    const app = await stack.startApp({ TICKWORK_FOLLOWER_BACKFILL_BLOCKS: '10' }, { captureOutput: true });
    try {
      const echoed = await finalLogs(exe.id, 1);
      expect(echoed.map((e) => e.tx)).toEqual([backfilled.tx]);
      expect((await eventsOf(exe.id)).map((e) => Number(e.block_number))).toEqual([backfilled.b]);
      const jump = logLines<{ skippedFrom: number; skippedTo: number }>(
        app.output(),
        'further behind than the backfill limit',
      );
      expect(jump).toHaveLength(1);
      expect(jump[0].skippedFrom).toBeLessThanOrEqual(skipped.b);
      expect(jump[0].skippedTo).toBeGreaterThanOrEqual(skipped.b);
      expect(jump[0].skippedTo).toBeLessThan(backfilled.b);
    } finally {
      await app.stop();
      await stack.restartApp();
    }
  }, 120_000);
});

describe('Gelato event-triggered Web3 Functions', () => {
  it('get the triggering log as context.log (ethers parses it)', async () => {
    const { w } = world;
    const built = await buildRelease(gelatoFolder('event-log', 6));
    expect(built.adapter).toBe('gelato');
    const uploaded = await upload(w.token, Buffer.from(built.zip), {
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      taskName: `gelato-event-log-${uniq()}`,
    });
    expect(uploaded.status, uploaded.text).toBe(200);
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const created = await createExe(
      w.token,
      exeBody({ ...w, functionId: uploaded.body.taskId, secretId: '' }, { trigger: eventTrigger(counter) }),
    );
    expect(created.status, created.text).toBe(201);
    const { exe } = await waitForExe(w.token, created.body.data.id, (e) => e.state === 'active');
    await waitUntil('the follower following', () => settled(exe.id));

    const [log] = await emitInBlocks(sender, counter, [1]);
    await waitUntil('the run', async () => {
      const runs = await runsOf(exe.id);
      return runs.length === 1 && FINAL_STATUSES.includes(runs[0].status) && (await settled(exe.id));
    });
    const [run] = await runsOf(exe.id);
    expect(run.status).toBe('skipped');
    expect(run.message).toBe(`Incremented #1 by ${sender} in ${log.tx}:${log.i} removed=false`);
  }, 120_000);
});

describe('trigger changes, preview and lag', () => {
  it('a trigger change drops the events matched under the old trigger that have not run', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w, { confirmations: 20 });
    const hash = await increment(sender, counter);
    await waitUntil('the log seen, waiting', async () =>
      (await eventsOf(exe.id)).some((e) => e.status === 'waiting'),
    );
    const res = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: eventTrigger(counter, { confirmations: 0 }),
    });
    expect(res.status).toBe(200);
    expect((await eventsOf(exe.id)).map((e) => e.status)).toEqual(['dropped']);
    await mine(21);
    await waitUntil('the follower past it', () => settled(exe.id));
    expect(await runsOf(exe.id)).toEqual([]);
    expect(hash).toMatch(/^0x/);
  }, 60_000);

  it('saving the same event trigger again keeps its pending events, and they run', async () => {
    const { w } = world;
    const { sender, counter, exe } = await followedCounter(w, { confirmations: 3 });
    const [log] = await emitInBlocks(sender, counter, [1]);
    await waitUntil('the log seen, waiting', async () =>
      (await eventsOf(exe.id)).some((e) => e.status === 'waiting'),
    );
    // the trigger as the API answers it (the console saves it back unchanged), and as first given
    for (const trigger of [exe.trigger, eventTrigger(counter, { confirmations: 3 })]) {
      const res = await patchFacet(w.token, exe.id, 'trigger', { trigger });
      expect(res.status, res.text).toBe(200);
      expect((await eventsOf(exe.id)).map((e) => e.status)).toEqual(['waiting']);
    }
    await mine(3);
    const echoed = await finalLogs(exe.id, 1);
    expect(echoed.map((e) => e.tx)).toEqual([log.tx]);
  }, 60_000);

  it('previewTriggerLogs answers the last N matching logs; chainFollowerLag the cursor per chain', async () => {
    const { stack } = world;
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const logs = await emitInBlocks(sender, counter, [2, 3]);
    const chain = { ...localChain(), rpcUrl: stack.anvilUrl, rpcUrls: undefined };
    const trigger = {
      type: 'event' as const,
      chainId: 31337,
      addresses: [counter],
      event: INCREMENTED,
      topics: [toEventSelector(`event ${INCREMENTED}`)],
      confirmations: 0,
    };
    const preview = await previewTriggerLogs(chain, trigger, 4);
    expect(preview.logs.map((l) => `${l.transactionHash}:${l.logIndex}`)).toEqual(
      logs.slice(-4).map((l) => `${l.tx}:${l.i}`),
    );
    expect(preview.logs.at(-1)?.event).toEqual({
      name: 'Incremented',
      args: { caller: sender, count: '5' },
    });
    const lag = await chainFollowerLag(testDb());
    const local = lag.find((l) => l.chainId === 31337);
    expect(local).toMatchObject({ chainId: 31337, lagBlocks: expect.any(Number) });
    expect(local?.cursorBlock).toBeGreaterThan(0);
    expect(local?.headBlock).toBeGreaterThanOrEqual(local?.cursorBlock ?? Infinity);
  }, 60_000);
});

describe('finality re-check of confirmed runs', () => {
  const vanishedIncidents = (executableId: string) =>
    testDb()
      .select()
      .from(alertIncidents)
      .where(and(eq(alertIncidents.subject, executableId), eq(alertIncidents.kind, 'transaction_vanished')));
  const finalityOf = async (id: string) =>
    (await testDb().$sql<{ finality: string | null }[]>`select finality from executions where id = ${id}`)[0]
      ?.finality ?? null;

  it('a confirmed run past the finality depth is final; one a reorg removed after it confirmed is vanished', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, executableId: pay.exe.id, kind: 'transaction_vanished', params: {} },
    });
    expect(rule.status, rule.text).toBe(201);
    const kept = await queue(pay.exe.id);
    expect((await waitForExecution(w.token, kept, 60_000)).execution.status).toBe('confirmed');
    expect(await finalityOf(kept)).toBeNull();
    await mine(5); // anvil's finality depth
    await waitUntil('the run checked final', async () => (await finalityOf(kept)) === 'final');

    const snapshot = await rpc<string>('evm_snapshot');
    const lost = await queue(pay.exe.id);
    const { execution } = await waitForExecution(w.token, lost, 60_000);
    expect(execution.status).toBe('confirmed');
    await rpc('evm_revert', [snapshot]);
    await mine(8);
    await waitUntil('the run checked vanished', async () => (await finalityOf(lost)) === 'vanished');
    expect(await rpc('eth_getTransactionReceipt', [execution.txHash])).toBeNull();
    expect(await finalityOf(kept)).toBe('final');
    const record = await api(`/api/v1/executions/${lost}`, { token: w.token });
    expect(record.body.data).toMatchObject({
      status: 'confirmed',
      finality: 'vanished',
      triggerEventId: null,
    });
    // The vanished transaction is alerted once; a later run checked final resolves it.
    const open = await vanishedIncidents(pay.exe.id);
    expect(open).toEqual([expect.objectContaining({ state: 'open', ruleId: rule.body.data.id })]);
    expect(open[0]?.details).toMatchObject({ executionId: lost, txHash: execution.txHash });
    const later = await queue(pay.exe.id);
    expect((await waitForExecution(w.token, later, 60_000)).execution.status).toBe('confirmed');
    await mine(5);
    await waitUntil('the run checked final', async () => (await finalityOf(later)) === 'final');
    await waitUntil('the incident resolved', async () => {
      const rows = await vanishedIncidents(pay.exe.id);
      return rows.length === 1 && rows[0]?.state === 'resolved';
    });
  }, 120_000);
});
