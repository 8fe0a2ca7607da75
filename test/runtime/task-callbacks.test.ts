import { describe, expect, it, vi } from 'vitest';
import { callbacksOfZip, describeTask } from '@/lib/runtime/describe-task';
import { SandboxBuildError } from '@/lib/runtime/runners';
import type { CallbackInput, TaskHost, TaskInput } from '@/lib/runtime/task-types';
import { bundledTask, makeZip } from '../support/bundles';
import { runTask } from '../support/runner-under-test';

// The isolate runner with a callback input: `task[name](ctx, event)` runs instead of run, with the same context,
// storage and logs; its return value is ignored. Plus describeTask (what upload sends as definedCallbacks) and
// the SDK's defineTask checks, bundled as a task would be.

const TX = `0x${'ab'.repeat(32)}`;

function input(source: string, callback?: CallbackInput): TaskInput {
  return {
    source,
    args: { label: 'feeds' },
    storage: { runs: 3 },
    secrets: { API_KEY: 'sk-callback-secret-0123456789' },
    chainId: 31337,
    execution: {
      id: 'exn_cb',
      executableId: 'exe_cb',
      sender: '0x0000000000000000000000000000000000000001',
      trigger: 'schedule',
      scheduledAt: '2026-01-01T00:00:00.000Z',
      dryRun: false,
    },
    ...(callback && { callback }),
  };
}

const host = (): TaskHost => ({
  chainRequest: vi.fn(async (method: string) => (method === 'eth_blockNumber' ? '0x10' : null)),
  fetch: vi.fn(async () => {
    throw new Error('no fetch in this test');
  }),
});

/** A task whose run must never be called by a callback input, and whose callbacks record what they got. */
const TASK = `export default { __tickworkTask: 1,
  run: async () => { throw new Error('run must not be called'); },
  onSuccess: async (ctx, event) => {
    const block = await ctx.chain.request({ method: 'eth_blockNumber' });
    await ctx.storage.set('success', { hash: event.transactionHash, label: ctx.args.label, runs: await ctx.storage.get('runs'),
      execution: ctx.execution.id, block, secret: (await ctx.secrets.get('API_KEY')).length });
    ctx.log.info('onSuccess saw', event.transactionHash);
    return { canExec: true, calls: [{ to: '0x0000000000000000000000000000000000000002', data: '0x' }] };
  },
  onFail: async (ctx, event) => {
    if (event.reason === 'SimulationFailed') throw new Error('cannot handle ' + event.calls.length + ' calls');
    await ctx.storage.set('failed', event);
    return 'ignored';
  },
};\n`;

describe('runTask with a callback', () => {
  it('onSuccess gets ctx and the event; its storage is written and its return value ignored', async () => {
    const h = host();
    const outcome = await runTask(input(TASK, { name: 'onSuccess', event: { transactionHash: TX } }), h);
    expect(outcome).toMatchObject({ kind: 'callback', storageChanged: true, rpcRequests: 1 });
    expect(outcome.storage).toEqual({
      runs: 3,
      success: { hash: TX, label: 'feeds', runs: 3, execution: 'exn_cb', block: '0x10', secret: 29 },
    });
    expect(outcome.logs.map((l) => l.message)).toEqual([`onSuccess saw ${TX}`]);
    expect(outcome).not.toHaveProperty('calls');
    expect(h.chainRequest).toHaveBeenCalledWith('eth_blockNumber', undefined);
  });

  it('onFail gets the reason; a callback that throws is an error and commits nothing', async () => {
    const reverted = await runTask(
      input(TASK, { name: 'onFail', event: { reason: 'ExecutionReverted', transactionHash: TX } }),
      host(),
    );
    expect(reverted).toMatchObject({ kind: 'callback', storageChanged: true });
    expect(reverted.storage.failed).toEqual({ reason: 'ExecutionReverted', transactionHash: TX });

    const threw = await runTask(
      input(TASK, {
        name: 'onFail',
        event: {
          reason: 'SimulationFailed',
          calls: [{ to: `0x${'11'.repeat(20)}`, data: '0x', value: '0' }],
        },
      }),
      host(),
    );
    expect(threw).toMatchObject({
      kind: 'error',
      error: { code: 'task_threw', message: 'onFail threw: cannot handle 1 calls' },
      storageChanged: false,
      storage: { runs: 3 },
    });
  });

  it('a callback the task does not define is callback_missing; without a callback input run runs', async () => {
    const source = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'ran' }) };\n`;
    const missing = await runTask(
      input(source, { name: 'onFail', event: { reason: 'InsufficientFunds' } }),
      host(),
    );
    expect(missing).toMatchObject({ kind: 'error', error: { code: 'callback_missing' } });
    expect(await runTask(input(source), host())).toMatchObject({ kind: 'skip', message: 'ran' });
  });

  it('the secrets are redacted from a callback error, as from a run', async () => {
    const source = `export default { __tickworkTask: 1, run: async () => ({ canExec: false }),
      onSuccess: async (ctx) => { throw new Error('key ' + (await ctx.secrets.get('API_KEY'))); } };\n`;
    const outcome = await runTask(
      input(source, { name: 'onSuccess', event: { transactionHash: TX } }),
      host(),
    );
    expect(outcome.kind).toBe('error');
    expect(JSON.stringify(outcome)).not.toContain('sk-callback-secret-0123456789');
  });
});

describe('describeTask and defineTask', () => {
  it('answers the callbacks a bundled SDK task defines', async () => {
    const both = await bundledTask(`import { defineTask } from './sdk/index.ts';
      export default defineTask({ run: async () => ({ canExec: false }), onSuccess: async () => {}, onFail: () => {} });`);
    expect(await describeTask(both)).toEqual({ callbacks: ['onSuccess', 'onFail'] });
    const none = await bundledTask(`import { defineTask } from './sdk/index.ts';
      export default defineTask({ run: async () => ({ canExec: false }) });`);
    expect(await describeTask(none)).toEqual({ callbacks: [] });
    const onlyFail = `export default { __tickworkTask: 1, run() {}, onSuccess: 'not a function', onFail() {} };`;
    expect(await describeTask(onlyFail)).toEqual({ callbacks: ['onFail'] });
  });

  it('callbacksOfZip reads them from a release ZIP; [] for a ZIP without a loadable task', async () => {
    const source = `export default { __tickworkTask: 1, run() {}, onSuccess() {} };`;
    expect(await callbacksOfZip(makeZip({ 'index.js': source }))).toEqual(['onSuccess']);
    expect(await callbacksOfZip(makeZip({ 'index.js': 'export default {' }))).toEqual([]);
    expect(await callbacksOfZip(makeZip({ 'other.js': source }))).toEqual([]);
    expect(await callbacksOfZip(new TextEncoder().encode('not a zip'))).toEqual([]);
  });

  it('refuses a bundle that is not a task', async () => {
    await expect(describeTask('export default 42;')).rejects.toThrow(SandboxBuildError);
    await expect(describeTask('export default {')).rejects.toThrow(/does not load/);
  });

  it('defineTask checks that callbacks are functions', async () => {
    const { defineTask } = await import('@/sdk/index');
    const run = async () => ({ canExec: false as const });
    expect(() => defineTask({ run, onSuccess: 'x' as never })).toThrow(
      'defineTask: onSuccess must be a function when present',
    );
    expect(() => defineTask({ run, onFail: {} as never })).toThrow('onFail must be a function');
    expect(Object.keys(defineTask({ run, onFail: () => {} })).sort()).toEqual([
      '__tickworkTask',
      'onFail',
      'run',
    ]);
  });
});
