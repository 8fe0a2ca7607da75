// The execution engine end to end over HTTP: POST run / simulate queue an execution; the embedded worker claims
// it, runs the task in the isolate, simulates and submits its calls from the legacy profile on anvil, and
// confirms them. Storage, logs, secrets and usage are checked on the records the API answers.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { exeAction } from '../support/executables';
import { newAddress, uniq } from '../support/fixtures';
import { api } from '../support/http';
import {
  balanceOf,
  type RunWorld,
  runnableExe,
  runToEnd,
  runWorld,
  startRun,
  transfersTo,
  waitForExecution,
} from '../support/runs';

/** Bumps a storage counter, logs it and sends `args.wei` to `args.to` (skips when `args.skip`). */
const PAY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const n = ((await ctx.storage.get('n')) ?? 0) + 1;
  await ctx.storage.set('n', n);
  ctx.log.info('run number', n, ctx.execution.trigger, ctx.execution.dryRun);
  if (ctx.args.skip) return { canExec: false, message: 'nothing to do' };
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(ctx.args.wei) }] };
} };\n`;

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

async function payExe(overrides: { to?: string; wei?: string; skip?: boolean } = {}) {
  const to = overrides.to ?? newAddress();
  const args = JSON.stringify({ to, wei: overrides.wei ?? '12345', ...(overrides.skip && { skip: true }) });
  const exe = await runnableExe(w, PAY_TASK, {
    files: { 'permissions.json': transfersTo(to) },
    exe: { args },
  });
  return { exe, to };
}

const storageOf = async (id: string) =>
  (await api(`/api/v1/executables/${id}/storage`, { token: w.token })).body.data;

describe('POST …/run: a real execution', () => {
  it('queues a pending execution, then confirms the call on chain with gas, block and logs', async () => {
    const { exe, to } = await payExe();
    const queued = await startRun(w.token, exe.id);
    expect(queued.status).toBe(200);
    expect(queued.body.data).toMatchObject({
      executableId: exe.id,
      status: 'pending',
      trigger: 'manual',
      dryRun: false,
    });

    const { execution, logs } = await waitForExecution(w.token, queued.body.data.id);
    expect(execution).toMatchObject({ status: 'confirmed', message: 'paying', error: null, chainId: 31337 });
    expect(execution.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(execution.gasUsed)).toBeGreaterThan(21_000n);
    expect(BigInt(execution.effectiveGasPrice)).toBeGreaterThan(0n);
    expect(execution.blockNumber).toBeGreaterThan(0);
    expect(execution.calls).toEqual([{ to, selector: '0x', value: '12345' }]);
    expect(execution.computeUnits).toBeGreaterThanOrEqual(1);
    expect(execution.durationMs).toBeGreaterThanOrEqual(0);
    expect(await balanceOf(to)).toBe(12345n);
    expect(logs.map((l) => l.message)).toContain('run number 1 manual false');
    expect(await storageOf(exe.id)).toMatchObject({ value: { n: 1 }, version: 1 });
  });

  it('a skip commits storage and ends skipped with the task message; nothing is sent', async () => {
    const { exe, to } = await payExe({ skip: true });
    const first = await runToEnd(w.token, exe.id);
    expect(first.execution).toMatchObject({
      status: 'skipped',
      message: 'nothing to do',
      txHash: null,
      calls: null,
    });
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution.status).toBe('skipped');
    expect(await storageOf(exe.id)).toMatchObject({ value: { n: 2 }, version: 2 });
    expect(await balanceOf(to)).toBe(0n);
  });

  it('a call the release does not declare fails call_not_permitted before anything is simulated', async () => {
    const declared = newAddress();
    const exe = await runnableExe(w, PAY_TASK, {
      files: { 'permissions.json': transfersTo(declared) },
      exe: { args: JSON.stringify({ to: newAddress(), wei: '1' }) },
    });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error.code).toBe('call_not_permitted');
    expect(await storageOf(exe.id)).toMatchObject({ value: {}, version: 0 });
  });

  it('a batch that reverts fails the simulation with a semantic error; storage stays as it was', async () => {
    const target = LOCAL_CHAIN_CONTRACTS.entryPoint08;
    const source = `export default { __tickworkTask: 1, run: async (ctx) => {
      await ctx.storage.set('touched', true);
      return { canExec: true, calls: [{ to: '${target}', data: '0xdeadbeef' }] };
    } };\n`;
    const permissions = JSON.stringify({ calls: [{ to: target, functions: ['0xdeadbeef'] }] });
    const exe = await runnableExe(w, source, { files: { 'permissions.json': permissions } });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error.code).toBe('simulation_reverted');
    expect(execution.txHash).toBeNull();
    expect(await storageOf(exe.id)).toMatchObject({ value: {}, version: 0 });
  });

  it('a task that throws fails task_threw with its message in the error; the logs before it are kept', async () => {
    const source = `export default { __tickworkTask: 1, run: async (ctx) => {
      ctx.log.warn('about to fail');
      throw new Error('price feed is stale');
    } };\n`;
    const exe = await runnableExe(w, source);
    const { execution, logs } = await runToEnd(w.token, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.error).toMatchObject({ code: 'task_threw' });
    expect(execution.error.message).toContain('price feed is stale');
    expect(logs.some((l) => l.level === 'warn' && l.message === 'about to fail')).toBe(true);
  });

  it('bound secrets reach the task and never appear in logs or errors', async () => {
    const value = `sk_live_${uniq()}${uniq()}`;
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, name: `KEY_${uniq()}`, value },
    });
    const source = `export default { __tickworkTask: 1, run: async (ctx) => {
      const key = await ctx.secrets.get('PRICE_KEY');
      ctx.log.info('key is', key, 'length', key.length);
      throw new Error('refused with ' + key);
    } };\n`;
    const exe = await runnableExe(w, source, {
      exe: { secretBindings: [{ secretId: secret.body.data.id, envKey: 'PRICE_KEY' }] },
    });
    const { execution, logs } = await runToEnd(w.token, exe.id);
    const everything = JSON.stringify({ execution, logs });
    expect(everything).not.toContain(value);
    expect(logs[0].message).toBe(`key is [redacted] length ${value.length}`);
    expect(execution.error.message).toContain('[redacted]');
  });

  it('ctx.chain reads the profile chain and ctx.fetch reaches HTTP', async () => {
    const server = createServer((_req, res) => res.end(JSON.stringify({ price: 42 }))).listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    const port = (server.address() as AddressInfo).port;
    try {
      const source = `export default { __tickworkTask: 1, run: async (ctx) => {
        const id = await ctx.chain.request({ method: 'eth_chainId' });
        const { price } = await (await ctx.fetch('http://127.0.0.1:${port}/price')).json();
        return { canExec: false, message: 'chain ' + parseInt(id, 16) + ' price ' + price };
      } };\n`;
      const exe = await runnableExe(w, source);
      const { execution } = await runToEnd(w.token, exe.id);
      expect(execution).toMatchObject({ status: 'skipped', message: 'chain 31337 price 42' });
      expect(execution.rpcRequests).toBe(1);
    } finally {
      server.close();
    }
  });
});

describe('POST …/simulate: a dry run', () => {
  it('runs the task and simulates its calls, submits nothing and discards storage changes', async () => {
    const { exe, to } = await payExe();
    const { execution, logs } = await runToEnd(w.token, exe.id, 'simulate');
    expect(execution).toMatchObject({ status: 'skipped', trigger: 'simulate', dryRun: true, txHash: null });
    expect(execution.calls).toEqual([{ to, selector: '0x', value: '12345' }]);
    expect(logs.map((l) => l.message)).toContain('run number 1 simulate true');
    expect(logs.at(-1)?.message).toMatch(
      /^dry run: 1 call simulated successfully \(gas ≈ \d+\); nothing was submitted$/,
    );
    expect(await balanceOf(to)).toBe(0n);
    expect(await storageOf(exe.id)).toMatchObject({ value: {}, version: 0 });
  });

  it('works on a paused executable, which cannot run for real', async () => {
    const { exe } = await payExe({ skip: true });
    expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
    const run = await startRun(w.token, exe.id);
    expect(run.status).toBe(409);
    expect(run.body.code).toBe('executable_unavailable');
    const { execution } = await runToEnd(w.token, exe.id, 'simulate');
    expect(execution.status).toBe('skipped');
  });
});

describe('one execution at a time', () => {
  it('two runs at once: one is queued, the other gets 409 execution_in_progress', async () => {
    // a task that takes a second, so the first run is surely unfinished when the second request arrives
    const slow = `export default { __tickworkTask: 1, run: async () => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      return { canExec: false, message: 'slow' };
    } };\n`;
    const exe = await runnableExe(w, slow);
    const results = await Promise.all([startRun(w.token, exe.id), startRun(w.token, exe.id)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const refused = results.find((r) => r.status === 409);
    expect(refused?.body.code).toBe('execution_in_progress');
    const accepted = results.find((r) => r.status === 200);
    await waitForExecution(w.token, accepted?.body.data.id);
    // once it ended, the next run is accepted
    const next = await startRun(w.token, exe.id);
    expect(next.status).toBe(200);
    await waitForExecution(w.token, next.body.data.id);
  });
});

describe('usage', () => {
  it('finished executions add compute units and executions to the current cycle', async () => {
    const before = (await api('/api/v1/usage', { token: w.token })).body.data;
    const { exe } = await payExe({ skip: true });
    const { execution } = await runToEnd(w.token, exe.id);
    const after = (await api('/api/v1/usage', { token: w.token })).body.data;
    expect(after.computeUnits.used - before.computeUnits.used).toBe(execution.computeUnits);
  });
});
