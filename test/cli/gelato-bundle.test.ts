import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { gelatoTestInputs } from '@/cli/task-test/gelato';
import { readArgsSchema } from '@/cli/task-test/inputs';
import { buildRelease } from '@/lib/functions/build/build-release';
import { gelatoReleaseFields } from '@/lib/functions/gelato-release';
import {
  gelatoArgsSchema,
  gelatoLimits,
  parseGelatoSchema,
  readGelatoUserArgs,
} from '@/lib/functions/gelato-schema';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner';
import { EMPTY_CALL_DATA, toTaskResult } from '@/sdk/compat/gelato/task';
import { gelatoFolder, installOwnEthers5 } from '../support/gelato';

// `tickwork bundle` on Gelato Web3 Functions (no stack needed): detection, the ZIP's Gelato files, refusals,
// and the layer's mapping of results and callbacks, checked on the bundle evaluated in Node.

const names = (zip: Uint8Array) => Object.keys(unzipSync(zip)).sort();

describe('bundling a Gelato Web3 Function', () => {
  it('adapts it and ships schema.json and userArgs.json', async () => {
    const built = await buildRelease(gelatoFolder('ethers5-counter'));
    expect(built.adapter).toBe('gelato');
    expect(names(built.zip)).toEqual(['index.js', 'permissions.json', 'schema.json', 'userArgs.json']);
    expect(built.source).not.toContain('@gelatonetwork/web3-functions-sdk/');
    // the ethers v5 random module is swapped (no load-time warning)
    expect(built.source).not.toContain('Missing strong random number source');
    const v6 = await buildRelease(gelatoFolder('ethers6-topup', 6));
    expect([v6.adapter, names(v6.zip)]).toEqual(['gelato', ['index.js', 'permissions.json', 'schema.json']]);
  });

  it('refuses SDK tooling imports, naming them', async () => {
    await expect(buildRelease(gelatoFolder('sdk-builder'))).rejects.toThrow(
      "@gelatonetwork/web3-functions-sdk/builder is not supported by Tickwork's Gelato compatibility layer",
    );
  });

  it('refuses a bad schema.json or a userArgs.json that does not fit it', async () => {
    const dir = gelatoFolder('ethers5-counter');
    writeFileSync(
      path.join(dir, 'userArgs.json'),
      JSON.stringify({ counter: '0x1', caller: 7, extra: true }),
    );
    await expect(buildRelease(dir)).rejects.toMatchObject({
      message:
        'userArgs.json does not fit schema.json: caller: must be a string; target: missing (schema.json declares it as number)',
      extra: { code: 'invalid_gelato_user_args' },
    });
    writeFileSync(
      path.join(dir, 'schema.json'),
      JSON.stringify({ web3FunctionVersion: '2.0.0', userArgs: { a: 'bigint' } }),
    );
    await expect(buildRelease(dir)).rejects.toMatchObject({ extra: { code: 'invalid_gelato_schema' } });
  });
});

describe('userArgs.json keys schema.json does not declare', () => {
  const SCHEMA = {
    web3FunctionVersion: '2.0.0',
    runtime: 'js-1.0',
    memory: 128,
    timeout: 30,
    userArgs: { target: 'string', count: 'number' },
  };
  const USER_ARGS = { target: '0x99', eventTopic: 'Transfer', count: 2, note: 'local only' };

  it('are ignored as Gelato ignores them: bundled with a warning, left out of the default args', async () => {
    const dir = gelatoFolder('ethers5-counter');
    writeFileSync(path.join(dir, 'schema.json'), JSON.stringify(SCHEMA));
    writeFileSync(path.join(dir, 'userArgs.json'), JSON.stringify(USER_ARGS));
    const built = await buildRelease(dir);
    expect(built.warnings).toEqual([
      'userArgs.json: eventTopic, note not declared in schema.json userArgs; ignored, as Gelato does',
    ]);
    const files = new Map(Object.entries(unzipSync(built.zip)).map(([name, b]) => [name, Buffer.from(b)]));
    expect(gelatoReleaseFields(files).defaultArgs).toBe('{"target":"0x99","count":2}');
    expect(gelatoTestInputs(dir).args).toEqual({ target: '0x99', count: 2 });
  });

  it('do not excuse a declared key of the wrong type', async () => {
    const text = JSON.stringify({ ...USER_ARGS, count: '2' });
    const parsed = parseGelatoSchema(JSON.stringify(SCHEMA));
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(readGelatoUserArgs(text, parsed.schema)).toEqual({
      ok: false,
      issues: [{ path: 'count', message: 'must be a number' }],
    });
    expect(() =>
      gelatoReleaseFields(
        new Map([
          ['schema.json', Buffer.from(JSON.stringify(SCHEMA))],
          ['userArgs.json', Buffer.from(text)],
        ]),
      ),
    ).toThrow('userArgs.json: count: must be a number');
  });
});

describe('tickwork test --schema', () => {
  it("converts a file in Gelato's schema.json format as the upload does, and refuses a malformed one", () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-gelato-schema-'));
    const file = path.join(dir, 'w3f-schema.json');
    const schema = { web3FunctionVersion: '2.0.0', runtime: 'js-1.0', memory: 128, timeout: 30 };
    writeFileSync(file, JSON.stringify({ ...schema, userArgs: { a: 'string' } }));
    expect(JSON.parse(readArgsSchema(dir, file)?.text ?? 'null')).toMatchObject({
      required: ['a'],
      additionalProperties: false,
    });
    writeFileSync(file, JSON.stringify({ ...schema, userArgs: { a: 'uint' } }));
    expect(() => readArgsSchema(dir, file)).toThrow("is in Gelato's schema.json format but not a valid one");
  });
});

describe('schema.json conversion', () => {
  it('turns userArgs into a strict args JSON Schema and memory/timeout into limits within the platform', () => {
    const parsed = parseGelatoSchema(
      JSON.stringify({
        web3FunctionVersion: '2.0.0',
        runtime: 'js-1.0',
        memory: 512,
        timeout: 5,
        userArgs: { a: 'string', n: 'number[]', f: 'boolean' },
      }),
    );
    if (!parsed.ok) throw new Error(JSON.stringify(parsed.issues));
    expect(gelatoArgsSchema(parsed.schema)).toEqual({
      type: 'object',
      properties: {
        a: { type: 'string' },
        n: { type: 'array', items: { type: 'number' } },
        f: { type: 'boolean' },
      },
      required: ['a', 'n', 'f'],
      additionalProperties: false,
    });
    expect(gelatoLimits(parsed.schema)).toEqual({ memoryMb: DEFAULT_TASK_LIMITS.memoryMb, timeoutMs: 5_000 });
  });
});

describe('result mapping', () => {
  it('maps canExec false, callData arrays and the 1.0.0 string form', () => {
    expect(toTaskResult({ canExec: false, message: 'wait' }, {})).toEqual({
      canExec: false,
      message: 'wait',
    });
    expect(toTaskResult({ canExec: true, callData: [{ to: '0xA', data: '0x01', value: '5' }] }, {})).toEqual({
      canExec: true,
      calls: [{ to: '0xA', data: '0x01', value: '5' }],
    });
    expect(toTaskResult({ canExec: true, callData: '0xabcd' }, { execAddress: '0xB' })).toEqual({
      canExec: true,
      calls: [{ to: '0xB', data: '0xabcd' }],
    });
    expect(() => toTaskResult({ canExec: true, callData: '0xabcd' }, {})).toThrow('userArgs.execAddress');
    // Gelato's hello-world: nothing to execute, so the run skips (as canExec: false would)
    expect(toTaskResult({ canExec: true, callData: [] }, {})).toEqual({
      canExec: false,
      message: EMPTY_CALL_DATA,
    });
    expect(toTaskResult({ canExec: true, callData: [], message: 'hello' }, {})).toEqual({
      canExec: false,
      message: 'hello',
    });
    expect(() => toTaskResult({ ok: 1 }, {})).toThrow('Web3Function.onRun answered {"ok":1}');
  });
});

/** The bundle's default export, evaluated in Node. */
async function loadTask(dir: string): Promise<any> {
  const built = await buildRelease(dir);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'gelato-eval-')), 'index.mjs');
  writeFileSync(file, built.source);
  return (await import(pathToFileURL(file).href)).default;
}

/** A TaskContext over an in-memory storage and a chain that only knows eth_gasPrice. */
function fakeCtx(storage: Record<string, unknown> = {}) {
  return {
    args: { counter: '0xD817024caa8F8c11BB833DD3B0813E17135eaA59' },
    storage: {
      get: async (k: string) => storage[k],
      set: async (k: string, v: unknown) => {
        storage[k] = structuredClone(v);
      },
      delete: async (k: string) => {
        delete storage[k];
      },
      getAll: async () => storage,
    },
    secrets: { get: async () => undefined },
    chain: {
      id: 31337,
      request: async ({ method }: { method: string }) => {
        if (method === 'eth_gasPrice') return '0x1';
        throw new Error(`unexpected ${method}`);
      },
    },
    fetch: globalThis.fetch,
    log: { debug() {}, info() {}, warn() {}, error() {} },
    execution: {
      id: 'exn_1',
      executableId: 'exe_1',
      sender: '0x1',
      trigger: 'manual',
      scheduledAt: '',
      dryRun: false,
    },
  };
}

describe("the task's own ethers v5", () => {
  it('is what gelatoArgs.gasPrice and multiChainProvider are built from (one copy in the bundle)', async () => {
    const dir = gelatoFolder('ethers5-counter');
    installOwnEthers5(dir);
    writeFileSync(
      path.join(dir, 'index.ts'),
      `import { Web3Function } from '@gelatonetwork/web3-functions-sdk';
import { BigNumber, providers } from 'ethers';
Web3Function.onRun(async ({ gelatoArgs, multiChainProvider }) => ({
  canExec: false,
  message: [
    gelatoArgs.gasPrice instanceof BigNumber,
    multiChainProvider.default() instanceof providers.JsonRpcProvider,
  ].join(','),
}));
`,
    );
    const built = await buildRelease(dir);
    expect(built.source.match(/"bignumber\/5\.\d+\.\d+"/g)).toHaveLength(1);
    const task = await loadTask(dir);
    expect(await task.run(fakeCtx())).toEqual({ canExec: false, message: 'true,true' });
  });
});

describe('callbacks (the task contract: onSuccess(ctx, event), onFail(ctx, event))', () => {
  it("map onto Gelato's success and fail contexts, with storage under the gelato key", async () => {
    const task = await loadTask(gelatoFolder('callbacks-storage'));
    expect([typeof task.run, typeof task.onSuccess, typeof task.onFail]).toEqual([
      'function',
      'function',
      'function',
    ]);
    const storage: Record<string, unknown> = { other: 1 };
    const result = await task.run(fakeCtx(storage));
    expect(result).toEqual({
      canExec: true,
      calls: [{ to: '0xD817024caa8F8c11BB833DD3B0813E17135eaA59', data: '0xd09de08a' }],
    });
    await task.onFail(fakeCtx(storage), {
      reason: 'SimulationFailed',
      calls: [{ to: '0xD817024caa8F8c11BB833DD3B0813E17135eaA59', data: '0xd09de08a', value: '0' }],
    });
    expect(storage).toEqual({
      other: 1,
      gelato: { runs: '1', lastFailure: 'SimulationFailed:0xD817024caa8F8c11BB833DD3B0813E17135eaA59' },
    });
    await task.onFail(fakeCtx(storage), { reason: 'ExecutionReverted', transactionHash: '0xdead' });
    expect((storage.gelato as any).lastFailure).toBe('ExecutionReverted:0xdead');
    await task.onFail(fakeCtx(storage), { reason: 'InsufficientFunds' });
    expect((storage.gelato as any).lastFailure).toBe('InsufficientFunds:');
    await task.onSuccess(fakeCtx(storage), { transactionHash: '0xbeef' });
    expect(storage.gelato).toEqual({ runs: '1', lastSuccess: '0xbeef' });
  });

  it('leaves them out when the Web3 Function registers none, and refuses non-string storage values', async () => {
    const dir = gelatoFolder('ethers5-counter');
    writeFileSync(
      path.join(dir, 'index.ts'),
      `import { Web3Function } from '@gelatonetwork/web3-functions-sdk';
Web3Function.onRun(async ({ storage }) => { await storage.set('n', 5 as any); return { canExec: false, message: 'no' }; });
`,
    );
    const task = await loadTask(dir);
    expect([task.onSuccess, task.onFail]).toEqual([undefined, undefined]);
    await expect(task.run(fakeCtx())).rejects.toThrow(
      'Web3FunctionStorageError: storage.set("n") takes a string value (got number)',
    );
  });
});
