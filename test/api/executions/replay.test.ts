// GET /api/v1/executions/{executionId}/replay: what a real run saw (release code and limits, args, the storage
// before it from storage_versions, secret names, the block it read, the trigger event it ran for), the
// expired-storage flag, tenancy and scope.
import { sql } from 'drizzle-orm';
import { getAddress } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { SCOPES } from '@/lib/auth/scopes';
import { runMaintenance } from '@/lib/jobs/maintenance';
import { expectError, expectStatus } from '../../support/expect';
import { waitUntil } from '../../support/faults';
import { newKey, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';
import { rpc } from '../../support/profiles';
import { FINAL_STATUSES, type RunWorld, runnableExe, runToEnd, runWorld } from '../../support/runs';
import {
  deployCounter,
  echoExe,
  INCREMENTED,
  increment,
  receiptOf,
  runsOf,
  settled,
  testSender,
} from '../../support/triggers';

/** Counts its runs in storage, reads a secret and skips. */
const COUNT_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const n = ((await ctx.storage.get('n')) ?? 0) + 1;
  await ctx.storage.set('n', n);
  const key = await ctx.secrets.get('API_KEY');
  return { canExec: false, message: 'run ' + n + ' for ' + ctx.args.who + (key ? ' with a key' : '') };
} };\n`;

const REPLAY_KEYS = [
  'args',
  'executableId',
  'execution',
  'release',
  'secretNames',
  'sender',
  'source',
  'sourceError',
  'storage',
  'storageAvailable',
  'trigger',
  'withheld',
].sort();

const SECRET_VALUE = `sk_replay_${uniq()}${uniq()}`;
let w: RunWorld;
let exeId: string;
let runs: { id: string }[];
let blockBefore: number;

const replayOf = (id: string, token = w.token) => api(`/api/v1/executions/${id}/replay`, { token });

beforeAll(async () => {
  w = await runWorld();
  const secret = await api('/api/v1/secrets', {
    method: 'POST',
    token: w.token,
    body: { projectId: w.projectId, name: `KEY_${uniq()}`, value: SECRET_VALUE },
  });
  const exe = await runnableExe(w, COUNT_TASK, {
    exe: {
      args: JSON.stringify({ who: 'alice' }),
      secretBindings: [{ secretId: secret.body.data.id, envKey: 'API_KEY' }],
    },
  });
  exeId = exe.id;
  blockBefore = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
  runs = [];
  for (let i = 0; i < 2; i++) {
    const { execution } = await runToEnd(w.token, exeId);
    expect(execution).toMatchObject({ status: 'skipped', message: `run ${i + 1} for alice with a key` });
    runs.push(execution);
  }
}, 120_000);

describe('GET /api/v1/executions/{id}/replay', () => {
  it('answers what the run saw: execution, release and its code, args, storage before, secret names, sender', async () => {
    const res = await replayOf(runs[1].id);
    expectStatus(res, 200);
    const r = res.body.data;
    expect(Object.keys(r).sort()).toEqual(REPLAY_KEYS);
    expect(r.execution).toMatchObject({
      id: runs[1].id,
      executableId: exeId,
      status: 'skipped',
      trigger: 'manual',
      dryRun: false,
      chainId: 31337,
      storageVersion: 1,
      message: 'run 2 for alice with a key',
      calls: null,
      error: null,
      txHash: null,
    });
    const head = Number(BigInt(await rpc<string>('eth_blockNumber', [])));
    expect(r.execution.readBlock).toBeGreaterThanOrEqual(blockBefore);
    expect(r.execution.readBlock).toBeLessThanOrEqual(head);
    const fn = await api(`/api/v1/functions/${r.execution.functionId}`, { token: w.token });
    expect(r.release).toEqual({
      functionId: fn.body.data.id,
      name: fn.body.data.name,
      versionTag: fn.body.data.versionTag,
      checksum: fn.body.data.checksum,
      permissions: null,
      limits: null,
    });
    expect(r.source).toBe(COUNT_TASK);
    expect(r.sourceError).toBeNull();
    expect(r.args).toEqual({ who: 'alice' });
    // the storage the second run read is what the first one committed (version 1)
    expect(r.storage).toEqual({ n: 1 });
    expect(r.storageAvailable).toBe(true);
    expect(r.withheld).toEqual([]);
    expect(r.secretNames).toEqual(['API_KEY']);
    expect(r.sender).toBe(getAddress(w.address));
    expect(r.executableId).toBe(exeId);
    expect(r.trigger).toBeNull();
    expect(res.text).not.toContain(SECRET_VALUE);

    const first = (await replayOf(runs[0].id)).body.data;
    expect(first.execution.storageVersion).toBe(0);
    expect(first.storage).toEqual({});
    expect(first.storageAvailable).toBe(true);
    expect(JSON.stringify(first)).not.toContain(SECRET_VALUE);
  });

  it("carries the release's limits, as the runner got them", async () => {
    const { functionId } = (await replayOf(runs[1].id)).body.data.execution;
    await testDb().execute(
      sql`update function_releases set limits = ${JSON.stringify({ timeoutMs: 4000 })}::jsonb where id = ${functionId}`,
    );
    expect((await replayOf(runs[1].id)).body.data.release.limits).toEqual({ timeoutMs: 4000 });
  });

  it('an event-triggered run: trigger is the ctx.trigger the run got (the log, decoded)', async () => {
    const sender = await testSender();
    const counter = await deployCounter(sender);
    const exe = await echoExe(w, { type: 'event', addresses: [counter], event: INCREMENTED });
    await waitUntil('the follower following', () => settled(exe.id));
    const receipt = await receiptOf(await increment(sender, counter));
    const [run] = await waitUntil('the run, final', async () => {
      const found = await runsOf(exe.id);
      return found.length === 1 && FINAL_STATUSES.includes(found[0].status) ? found : null;
    });
    expect(run).toMatchObject({ status: 'skipped', trigger: 'event' });
    const r = (await replayOf(run.id)).body.data;
    expect(r.execution.trigger).toBe('event');
    expect(r.trigger).toMatchObject({
      type: 'event',
      log: {
        address: counter,
        transactionHash: receipt.transactionHash,
        blockHash: receipt.blockHash,
        topics: receipt.logs[0].topics,
        data: receipt.logs[0].data,
        event: { name: 'Incremented', args: { caller: getAddress(sender), count: '1' } },
      },
    });
    // what the run echoed of its ctx.trigger is what the record says
    const { log } = r.trigger;
    expect(JSON.parse(run.message as string)).toEqual({
      b: log.blockNumber,
      i: log.logIndex,
      tx: log.transactionHash,
      address: log.address,
      name: log.event.name,
      count: log.event.args.count,
      caller: log.event.args.caller,
    });
  }, 60_000);

  it('each committed version of the run is kept in storage_versions', async () => {
    const rows = await testDb().execute<{ version: number; value: unknown }>(
      sql`select version, value from storage_versions where executable_id = ${exeId} order by version`,
    );
    expect(rows.map((r) => [r.version, r.value])).toEqual([
      [1, { n: 1 }],
      [2, { n: 2 }],
    ]);
  });

  it('a storage version past the retention is swept: storage null and storageAvailable false', async () => {
    const db = testDb();
    await db.execute(
      sql`update storage_versions set created_at = now() - interval '31 days' where executable_id = ${exeId}`,
    );
    const { storageVersionsPurged } = await runMaintenance(db);
    expect(storageVersionsPurged).toBeGreaterThanOrEqual(1);
    // version 1 went; version 2 is the current one and stays however old it is
    const left = await db.execute<{ version: number }>(
      sql`select version from storage_versions where executable_id = ${exeId} order by version`,
    );
    expect(left.map((r) => r.version)).toEqual([2]);
    const r = (await replayOf(runs[1].id)).body.data;
    expect(r.execution.storageVersion).toBe(1);
    expect(r.storage).toBeNull();
    expect(r.storageAvailable).toBe(false);
    // version 0 needs no row
    expect((await replayOf(runs[0].id)).body.data).toMatchObject({ storage: {}, storageAvailable: true });
  });

  it("another workspace's execution is 404 and nothing of it leaks", async () => {
    const other = await newWorkspace();
    const res = await replayOf(runs[1].id, other.token);
    expectError(res, 404, 'not_found');
    expect(res.text).not.toContain(exeId);
    expect(res.text).not.toContain('__tickworkTask');
    expectError(await replayOf('exn_does_not_exist'), 404, 'not_found');
  });

  it('needs functions:source (it holds the release code): executions:read alone is not enough', async () => {
    const readOnly = await newKey(w, { scopes: SCOPES.filter((s) => s !== 'functions:source') });
    const refused = await replayOf(runs[1].id, readOnly.token);
    expectError(refused, 403, 'insufficient_scope');
    expect(refused.body.requiredScope).toBe('functions:source');
    expect(refused.text).not.toContain('__tickworkTask');
    const source = await newKey(w, { scopes: ['functions:source'] });
    expectStatus(await replayOf(runs[1].id, source.token), 200);
  });

  it('args and storage need storage:read too: without it both are null and named in withheld', async () => {
    const noStorage = await newKey(w, { scopes: ['functions:source', 'executions:read'] });
    expectError(
      await api(`/api/v1/executables/${exeId}/storage`, { token: noStorage.token }),
      403,
      'insufficient_scope',
    );
    const res = await replayOf(runs[1].id, noStorage.token);
    expectStatus(res, 200);
    const r = res.body.data;
    expect(Object.keys(r).sort()).toEqual(REPLAY_KEYS);
    expect(r).toMatchObject({
      args: null,
      storage: null,
      storageAvailable: false,
      withheld: ['args', 'storage'],
    });
    expect(r.source).toBe(COUNT_TASK);
    expect(r.execution.storageVersion).toBe(1);
    expect(res.text).not.toContain('"who"');
    expect(res.text).not.toContain('"n":1');

    const withStorage = await newKey(w, { scopes: ['functions:source', 'storage:read'] });
    const full = await replayOf(runs[1].id, withStorage.token);
    expect(full.body.data.withheld).toEqual([]);
    expect(full.body.data.args).toEqual({ who: 'alice' });
    expect(full.body).toEqual((await replayOf(runs[1].id)).body);
    // the first run read version 0 ({}), which no sweep removes: there the storage itself is what is withheld
    expect((await replayOf(runs[0].id, withStorage.token)).body.data).toMatchObject({
      storage: {},
      storageAvailable: true,
    });
    expect((await replayOf(runs[0].id, noStorage.token)).body.data).toMatchObject({
      storage: null,
      storageAvailable: false,
      withheld: ['args', 'storage'],
    });
  });
});
