// The Defender adapter without the service: which entries it claims, and actions bundled by buildRelease run
// in the isolate runner against a stand-in chain (the event, the collected calls, the unsupported APIs).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { encodeAbiParameters } from 'viem';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRelease } from '@/lib/functions/build/build-release';
import { adapterFor } from '@/lib/functions/build/compat/adapters';
import { defenderAdapter } from '@/lib/functions/build/compat/defender';
import { placeholderHash, placeholderPattern } from '@/lib/runtime/placeholder-hashes';
import { DEFAULT_TASK_LIMITS, runTask } from '@/lib/runtime/task-runner';
import { ChainRequestError } from '@/lib/runtime/task-types';
import { NO_TRANSACTIONS } from '@/sdk/compat/defender/task';
import { defenderAction } from '../support/defender-corpus';
import { chainOnlyHost, taskInput } from '../support/tasks';

const entry = (source: string, file = 'index.js') => ({ file: `/tmp/x/${file}`, source, dir: '/tmp/x' });

describe('detection', () => {
  it.each([
    ['CommonJS exports.handler', 'exports.handler = async function (event) { return 1; };'],
    ['CommonJS module.exports.handler', 'module.exports.handler = async (event) => 1;'],
    ['CommonJS module.exports = { handler }', 'async function handler(e) {}\nmodule.exports = { handler };'],
    ['ESM export async function', 'export async function handler(event) { return 1; }'],
    ['ESM export const', 'export const handler = async (event) => 1;'],
    ['ESM export { handler }', 'const handler = async () => 1;\nexport { handler };'],
  ])('claims %s', (_name, source) => {
    expect(adapterFor(entry(source))?.name).toBe('defender');
  });

  it.each([
    [
      'a Tickwork task',
      "import { defineTask } from '@tickwork/sdk';\nexport default defineTask({ run: async () => ({ canExec: false }) });",
    ],
    [
      'a Tickwork task that also exports a handler',
      "import { defineTask } from '@tickwork/sdk';\nexport const handler = 1;\nexport default defineTask({ run: async () => ({ canExec: false }) });",
    ],
    [
      'a Gelato Web3 Function',
      "import { Web3Function } from '@gelatonetwork/web3-functions-sdk';\nexport const handler = async () => ({ canExec: false });\nWeb3Function.onRun(handler);",
    ],
    ['a module without a handler', 'export async function main() {}\nexports.run = 1;'],
  ])('leaves %s alone', (_name, source) => {
    expect(defenderAdapter.detect(entry(source))).toBe(false);
  });
});

const tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-defender-unit-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const COUNTER = '0xD817024caa8F8c11BB833DD3B0813E17135eaA59';
const SENDER = '0x00000000000000000000000000000000000000A1';
const host = chainOnlyHost(async (method) => {
  if (method === 'eth_getTransactionCount') return '0x7';
  throw new Error(`unexpected ${method}`);
});

/** Bundles `source` as index.js of a fresh folder and runs it once. */
async function runAction(name: string, source: string, over: Parameters<typeof taskInput>[1] = {}) {
  const folder = mkdtempSync(path.join(tmp, `${name}-`));
  writeFileSync(path.join(folder, 'index.js'), source);
  const built = await buildRelease(folder);
  expect(built.adapter).toBe('defender');
  const input = taskInput(built.source, over);
  return runTask({ ...input, execution: { ...input.execution, sender: SENDER } }, host, DEFAULT_TASK_LIMITS);
}

describe('the layer in the sandbox', () => {
  it('hands the event: ids, name, secrets, request.body = args, credentials for the relayer', async () => {
    const out = await runAction(
      'event',
      `async function handler(event) {
        const { Relayer } = require('defender-relay-client');
        const relayer = new Relayer({ credentials: event.credentials, relayerARN: event.relayerARN });
        const info = await relayer.getRelayer();
        const status = await relayer.getRelayerStatus();
        console.log(JSON.stringify({ ...event, credentials: typeof event.credentials, info: [info.address, info.network], nonce: status.nonce }));
        return { not: 'a message' };
      }
      module.exports = { handler };`,
      { args: { a: 1 }, secrets: { API_TOKEN: 'token-value-1', OTHER: 'token-value-2' } },
    );
    // a value that is not a string is the message as JSON (what Defender answered a webhook caller)
    expect(out).toMatchObject({ kind: 'skip', message: '{"not":"a message"}' });
    const event = JSON.parse(out.logs[0].message);
    expect(event).toMatchObject({
      actionId: 'exe_test',
      autotaskId: 'exe_test',
      actionRunId: 'exn_task',
      autotaskRunId: 'exn_task',
      credentials: 'string',
      request: { body: { a: 1 }, queryParameters: {}, headers: {} },
      info: [SENDER, 'chain-31337'],
      nonce: 7,
    });
    expect(event.actionName).toMatch(/^event-/);
    // the values are there (redacted from the log line)
    expect(event.secrets).toEqual({ API_TOKEN: '[redacted]', OTHER: '[redacted]' });
  });

  it('sendTransaction collects calls with their value; the return value is not a call list', async () => {
    const out = await runAction(
      'calls',
      `const { Relayer } = require('@openzeppelin/defender-relay-client');
      exports.handler = async (event) => {
        const relayer = new Relayer(event);
        const a = await relayer.sendTransaction({ to: '${COUNTER}', value: '0x10', data: '0xd09de08a', gasLimit: 1 });
        const b = await relayer.sendTransaction({ to: '${COUNTER}', value: 5, gasLimit: 1 });
        if (a.hash === b.hash || !a.hash.startsWith('0x7469636b776f726b')) throw new Error('hashes');
        return { calls: 'ignored', wei: 10n ** 18n };
      };`,
    );
    expect(out).toMatchObject({
      kind: 'exec',
      message: '{"calls":"ignored","wei":"1000000000000000000"}',
      calls: [
        { to: COUNTER, data: '0xd09de08a', value: '16' },
        { to: COUNTER, data: '0x', value: '5' },
      ],
    });
  });

  it.each([
    [
      'Defender.monitor',
      `import { Defender } from '@openzeppelin/defender-sdk';
      export async function handler(event) { return new Defender(event).monitor.list(); }`,
    ],
    [
      'DefenderRelaySenderProvider (the web3.js flavour)',
      `const { DefenderRelaySenderProvider } = require('defender-relay-client/lib/web3');
      exports.handler = async (event) => new DefenderRelaySenderProvider(event);`,
    ],
    [
      'Relayer with an API key and secret',
      `const { Relayer } = require('@openzeppelin/defender-sdk-relay-signer-client');
      exports.handler = async (event) => new Relayer({ apiKey: 'k', apiSecret: event.secrets.S }).getRelayer();`,
    ],
    [
      'Relayer.listTransactions',
      `const { Defender } = require('@openzeppelin/defender-sdk');
      exports.handler = async (event) => new Defender(event).relaySigner.listTransactions();`,
    ],
    [
      'KeyValueStoreClient({ path }) (the local store)',
      `const { KeyValueStoreClient } = require('defender-kvstore-client');
      exports.handler = async () => new KeyValueStoreClient({ path: './store.json' }).get('a');`,
    ],
  ])('%s fails the run naming the API', async (api, source) => {
    const out = await runAction('unsupported', source, { secrets: { S: 'secret-value' } });
    expect(out.kind).toBe('error');
    expect(out.kind === 'error' && out.error.message).toContain(`${api} is not supported on Tickwork`);
  });

  it('a run without transactions skips with the handler’s string', async () => {
    const out = await runAction('skip', 'export const handler = async () => "nothing to do";');
    expect(out).toMatchObject({ kind: 'skip', message: 'nothing to do' });
    const none = await runAction('none', 'export const handler = async () => null;');
    expect(none).toMatchObject({ kind: 'skip', message: NO_TRANSACTIONS });
  });

  it('the placeholder hashes are the engine’s placeholder form for the run', async () => {
    const out = await runAction(
      'hashes',
      `const { Relayer } = require('defender-relay-client');
      exports.handler = async (event) => {
        const relayer = new Relayer(event);
        const a = await relayer.sendTransaction({ to: '${COUNTER}', data: '0xd09de08a', gasLimit: 1 });
        const b = await relayer.sendTransaction({ to: '${COUNTER}', data: '0xd09de08a', gasLimit: 1 });
        return a.hash + ' ' + b.hash;
      };`,
    );
    const pattern = new RegExp(`^${placeholderPattern('exn_task')} ${placeholderPattern('exn_task')}$`);
    expect(out.kind === 'exec' && out.message).toMatch(pattern);
    expect(out.kind === 'exec' && out.message).toBe(
      `${placeholderHash('exn_task', 0)} ${placeholderHash('exn_task', 1)}`,
    );
    expect(placeholderHash('exn_other', 0)).not.toMatch(new RegExp(placeholderPattern('exn_task')));
  });
});

describe('sending a transaction that would revert', () => {
  const TOKEN = '0x0e270506bb92FDe6986999393a1DF14a27761abA';
  const TRANSFER_FROM = '0x23b872dd';
  // Error(string), as anvil answers a reverting eth_estimateGas
  const REVERT_DATA = `0x08c379a0${encodeAbiParameters([{ type: 'string' }], ['DemoToken: allowance too low']).slice(2)}`;
  const estimates: unknown[] = [];
  const chainHost = chainOnlyHost(async (method, params) => {
    if (method !== 'eth_estimateGas') throw new Error(`unexpected ${method}`);
    const [tx] = params as [{ from: string; to: string; data: string }];
    estimates.push(tx);
    if (tx.data.startsWith(TRANSFER_FROM))
      throw new ChainRequestError(3, 'execution reverted: DemoToken: allowance too low', REVERT_DATA);
    return '0xb411';
  });

  it.each([
    [
      'defender-relay-client (ethers v5): UNPREDICTABLE_GAS_LIMIT',
      'fallback-on-revert-v5',
      5,
      'UNPREDICTABLE_GAS_LIMIT',
    ],
    [
      'defender-sdk (ethers v6): CALL_EXCEPTION with the reason',
      'fallback-on-revert-v6',
      6,
      'CALL_EXCEPTION, DemoToken: allowance too low',
    ],
  ] as const)(
    '%s: the signer throws before collecting, the catch sends only the fallback',
    async (_name, folder, ethers, code) => {
      estimates.length = 0;
      const built = await buildRelease(defenderAction(folder, ethers));
      const input = taskInput(built.source, { args: { token: TOKEN, counter: COUNTER } });
      const out = await runTask(
        { ...input, execution: { ...input.execution, sender: SENDER } },
        chainHost,
        DEFAULT_TASK_LIMITS,
      );
      expect(out).toMatchObject({
        kind: 'exec',
        message: 'fell back to increment',
        calls: [{ to: COUNTER, data: '0xd09de08a', value: '0' }],
      });
      expect(out.logs.map((l) => l.message)).toContain(`transferFrom would revert (${code}): falling back`);
      // both estimated from the profile's sending address
      expect(estimates).toMatchObject([
        { from: SENDER.toLowerCase(), to: TOKEN.toLowerCase() },
        { from: SENDER.toLowerCase(), to: COUNTER.toLowerCase(), data: '0xd09de08a' },
      ]);
    },
  );

  it('a transaction with its own gasLimit is collected without an estimate (as Defender sends it)', async () => {
    estimates.length = 0;
    const out = await runAction(
      'gas-limit',
      `const { Relayer } = require('defender-relay-client');
      exports.handler = async (event) => {
        await new Relayer(event).sendTransaction({ to: '${TOKEN}', data: '${TRANSFER_FROM}', gasLimit: 100000 });
      };`,
    );
    expect(out).toMatchObject({ kind: 'exec', calls: [{ to: TOKEN, data: TRANSFER_FROM }] });
    expect(estimates).toEqual([]);
  });
});
