// Callbacks end to end: a release whose upload lists onSuccess / onFail in definedCallbacks runs them in the
// sandbox after the execution's outcome (legacy profile on anvil, the embedded worker): onSuccess with the real
// transaction hash after `confirmed`; onFail with ExecutionReverted (mined and reverted), SimulationFailed (with
// the calls) or InsufficientFunds. The callbacks write what they got to storage and log; a callback that throws
// leaves the execution confirmed and shows its failure; a release that defines a callback its upload did not
// list runs none.
import { getAddress, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { taskZip, upload } from '../support/bundles';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { newAddress, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import {
  callbackEnded,
  type RunWorld,
  runToEnd,
  runWorld,
  startRun,
  transfersTo,
  waitForExecution,
} from '../support/runs';

/** Sends `args.wei` to `args.to` with `args.data`; its callbacks store their event and log it. */
const TASK = `export default { __tickworkTask: 1,
  run: async (ctx) => ({ canExec: true, message: 'sending',
    calls: [{ to: ctx.args.to, data: ctx.args.data ?? '0x', value: ctx.args.wei ?? '1' }] }),
  onSuccess: async (ctx, event) => {
    await ctx.storage.set('success', event);
    ctx.log.info('onSuccess got', event.transactionHash);
    if (ctx.args.explode) throw new Error('the callback exploded');
    return { canExec: true, calls: [] };
  },
  onFail: async (ctx, event) => {
    await ctx.storage.set('fail', event);
    ctx.log.warn('onFail got', event.reason);
  },
};\n`;

let w: RunWorld;
beforeAll(async () => {
  w = await runWorld();
}, 60_000);

const fund = (wei: bigint) => rpc('anvil_setBalance', [w.address, `0x${wei.toString(16)}`]);

afterAll(async () => {
  await rpc('evm_setAutomine', [true]);
  await fund(parseEther('10'));
});

/** Uploads TASK (declaring `callbacks` at upload) and creates an active executable with `args`. */
async function callbackExe(
  args: Record<string, unknown>,
  permissions: string,
  callbacks?: string[],
  source = TASK,
) {
  const res = await upload(w.token, taskZip(source, { 'permissions.json': permissions }), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `cb-${uniq()}`,
    ...(callbacks && { definedCallbacks: callbacks }),
  });
  if (res.status !== 200) throw new Error(`upload: ${res.text}`);
  const body = exeBody({ ...w, functionId: res.body.taskId, secretId: '' }, { args: JSON.stringify(args) });
  const exe = await createExe(w.token, body);
  if (exe.status !== 201) throw new Error(`create: ${exe.text}`);
  return (await waitForExe(w.token, exe.body.data.id, (e) => e.state === 'active')).exe;
}

const BOTH = ['onSuccess', 'onFail'];

describe('callbacks after the outcome', () => {
  it('confirmed → onSuccess with the mined transaction hash; its storage and logs join the execution', async () => {
    const to = newAddress();
    const exe = await callbackExe({ to }, transfersTo(to), BOTH);
    const { execution: ended } = await runToEnd(w.token, exe.id);
    expect(ended.status).toBe('confirmed');
    expect(ended.callback).toMatchObject({ name: 'onSuccess' });

    const { execution, logs, storage } = await callbackEnded(w.token, ended.id, exe.id);
    expect(execution.status).toBe('confirmed');
    expect(execution.callback).toEqual({
      name: 'onSuccess',
      status: 'succeeded',
      error: null,
      durationMs: expect.any(Number),
      finishedAt: expect.any(String),
    });
    expect(storage).toMatchObject({ value: { success: { transactionHash: ended.txHash } }, version: 1 });
    expect(logs.at(-1)).toMatchObject({
      level: 'info',
      message: `onSuccess got ${ended.txHash}`,
      data: { callback: 'onSuccess' },
    });
    // the callback's compute units are added to the execution's: a run and a callback of well under a second
    // without requests cost one unit each
    expect(execution.computeUnits).toBeGreaterThanOrEqual(2);
  });

  it('mined and reverted → onFail ExecutionReverted with the transaction hash', async () => {
    const to = newAddress();
    const exe = await callbackExe({ to }, transfersTo(to), BOTH);
    await rpc('evm_setAutomine', [false]);
    let id: string;
    try {
      const queued = await startRun(w.token, exe.id);
      expect(queued.status).toBe(200);
      id = queued.body.data.id;
      // Simulated against a plain address; once submitted (not yet mined) the address starts reverting.
      for (let i = 0; i < 300; i++) {
        const now = (await api(`/api/v1/executions/${id}`, { token: w.token })).body.data;
        if (now.status === 'submitted') break;
        if (!['pending', 'running', 'simulating'].includes(now.status))
          throw new Error(`not submitted: ${JSON.stringify(now)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await rpc('anvil_setCode', [to, '0x60006000fd']); // PUSH1 0 PUSH1 0 REVERT
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
    await rpc('evm_mine');
    const { execution: ended } = await waitForExecution(w.token, id);
    expect(ended).toMatchObject({ status: 'failed', error: { code: 'execution_reverted' } });
    expect(ended.txHash).toMatch(/^0x[0-9a-f]{64}$/);

    const { execution, storage, logs } = await callbackEnded(w.token, ended.id, exe.id);
    expect(execution.status).toBe('failed');
    expect(execution.callback).toMatchObject({ name: 'onFail', status: 'succeeded', error: null });
    expect(storage.value).toEqual({ fail: { reason: 'ExecutionReverted', transactionHash: ended.txHash } });
    expect(logs.at(-1)).toMatchObject({
      message: 'onFail got ExecutionReverted',
      data: { callback: 'onFail' },
    });
  });

  it('simulation reverts → onFail SimulationFailed with the calls; a dry run gets no callback', async () => {
    const target = LOCAL_CHAIN_CONTRACTS.entryPoint08;
    const permissions = JSON.stringify({ calls: [{ to: target, functions: ['0xdeadbeef'] }] });
    const exe = await callbackExe({ to: target, data: '0xdeadbeef', wei: '0' }, permissions, BOTH);

    const dry = await runToEnd(w.token, exe.id, 'simulate');
    expect(dry.execution).toMatchObject({ status: 'failed', error: { code: 'simulation_reverted' } });
    expect(dry.execution.callback).toBeNull();

    const { execution: ended } = await runToEnd(w.token, exe.id);
    expect(ended).toMatchObject({ status: 'failed', error: { code: 'simulation_reverted' }, txHash: null });
    const { execution, storage } = await callbackEnded(w.token, ended.id, exe.id);
    expect(execution.callback).toMatchObject({ name: 'onFail', status: 'succeeded' });
    expect(storage.value).toEqual({
      fail: {
        reason: 'SimulationFailed',
        calls: [{ to: getAddress(target), data: '0xdeadbeef', value: '0' }],
      },
    });
  });

  it('insufficient funds → onFail InsufficientFunds', async () => {
    const to = newAddress();
    const exe = await callbackExe({ to, wei: parseEther('100').toString() }, transfersTo(to), BOTH);
    const { execution: ended } = await runToEnd(w.token, exe.id);
    expect(ended).toMatchObject({ status: 'failed', error: { code: 'insufficient_funds' } });
    const { execution, storage } = await callbackEnded(w.token, ended.id, exe.id);
    expect(execution.callback).toMatchObject({ name: 'onFail', status: 'succeeded' });
    expect(storage.value).toEqual({ fail: { reason: 'InsufficientFunds' } });
  });

  it('a callback that throws: the execution stays confirmed, the failure is shown, its storage is dropped', async () => {
    const to = newAddress();
    const exe = await callbackExe({ to, explode: true }, transfersTo(to), BOTH);
    const { execution: ended } = await runToEnd(w.token, exe.id);
    expect(ended.status).toBe('confirmed');
    const { execution, storage, logs } = await callbackEnded(w.token, ended.id, exe.id);
    expect(execution).toMatchObject({
      status: 'confirmed',
      error: null,
      callback: {
        name: 'onSuccess',
        status: 'failed',
        error: { code: 'task_threw', message: 'onSuccess threw: the callback exploded' },
      },
    });
    expect(storage).toMatchObject({ value: {}, version: 0 });
    // the lines it wrote before throwing are kept
    expect(logs.at(-1)).toMatchObject({
      message: `onSuccess got ${ended.txHash}`,
      data: { callback: 'onSuccess' },
    });
  });

  it('a callback the upload did not list in definedCallbacks never runs', async () => {
    const to = newAddress();
    const exe = await callbackExe({ to }, transfersTo(to), ['onFail']);
    const { execution, logs } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', callback: null });
    const unlisted = await callbackExe({ to }, transfersTo(to));
    const second = await runToEnd(w.token, unlisted.id);
    expect(second.execution).toMatchObject({ status: 'confirmed', callback: null });
    expect(logs.some((l: any) => l.data?.callback)).toBe(false);
    const storage = (await api(`/api/v1/executables/${exe.id}/storage`, { token: w.token })).body.data;
    expect(storage.value).toEqual({});
  });

  it("a run that finds the previous execution's callback holding the storage lock waits for it", async () => {
    const slow = `export default { __tickworkTask: 1,
      run: async (ctx) => ({ canExec: true, calls: [{ to: ctx.args.to, data: '0x', value: '1' }] }),
      onSuccess: async (ctx) => {
        await new Promise((resolve) => setTimeout(resolve, 2000));
        await ctx.storage.set('n', ((await ctx.storage.get('n')) ?? 0) + 1);
      } };\n`;
    const to = newAddress();
    const exe = await callbackExe({ to }, transfersTo(to), ['onSuccess'], slow);
    const first = await runToEnd(w.token, exe.id);
    expect(first.execution.status).toBe('confirmed');
    // until its callback has started (a generous deadline: the job may start late on a loaded machine)
    for (const until = Date.now() + 20_000; ; ) {
      const now = (await api(`/api/v1/executions/${first.execution.id}`, { token: w.token })).body.data;
      if (now.callback.status !== 'pending') break;
      if (Date.now() > until) throw new Error('the first callback did not start within 20 s');
      await new Promise((r) => setTimeout(r, 50));
    }
    const second = await runToEnd(w.token, exe.id);
    expect(second.execution).toMatchObject({ status: 'confirmed', error: null });
    await callbackEnded(w.token, first.execution.id, exe.id);
    const { execution, storage } = await callbackEnded(w.token, second.execution.id, exe.id);
    expect(execution.callback.status).toBe('succeeded');
    expect(storage.value).toEqual({ n: 2 });
  });
});
