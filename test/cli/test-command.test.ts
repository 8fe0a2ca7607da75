import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  type Address,
  createPublicClient,
  createTestClient,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
  walletActions,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { simulateCalls } from '../../cli/task-test/simulate';
import { tickwork as runCli } from '../support/cli';

// `tickwork test <folder>` end to end: a task folder written here runs in the sandbox runner against the test
// stack's anvil (and a local fork of it), and the printed report is checked.

const { counter, token } = LOCAL_DEMO_CONTRACTS;
const rpcUrl = inject('rpcUrl');
const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl) }).extend(
  walletActions,
);
const counterAbi = parseAbi(['function count() view returns (uint256)', 'function increment()']);
const tokenAbi = parseAbi(['function transfer(address to, uint256 value) returns (bool)']);

/** The secret's value: it must never be printed. */
const SECRET = 'sk_live_do_not_print_4f1c9a';
const RECIPIENT = '0x000000000000000000000000000000000000bEEF' as Address;
const TRANSFER_DATA = encodeFunctionData({
  abi: tokenAbi,
  functionName: 'transfer',
  args: [RECIPIENT, parseEther('1')],
});

/**
 * Reads the chain (eth_blockNumber, DemoCounter.count()), tries a method the allow-list refuses, counts its runs
 * in storage, uses a secret, and returns increment() plus a token transfer (which reverts from an empty account).
 */
const TASK_SOURCE = `
import { defineTask } from '@tickwork/sdk';
export default defineTask({
  run: async ({ args, storage, secrets, chain, log }) => {
    if (args.mode === 'throw') throw new Error('the task gave up: ' + args.why);
    const block = BigInt(await chain.request({ method: 'eth_blockNumber' }));
    const count = BigInt(await chain.request({ method: 'eth_call', params: [{ to: args.counter, data: '0x06661abd' }, 'latest'] }));
    try {
      await chain.request({ method: 'eth_sendTransaction', params: [{ to: args.counter }] });
    } catch (error) {
      log.warn('refused: ' + error.message);
    }
    const key = await secrets.get('API_KEY');
    log.info('the key is ' + key);
    const runs = ((await storage.get('runs')) ?? 0) + 1;
    await storage.set('runs', runs);
    log.info('block ' + block + ', run ' + runs);
    return {
      canExec: true,
      message: 'count ' + count,
      calls: [
        { to: args.counter, data: '0xd09de08a' },
        { to: args.token, data: '${TRANSFER_DATA}' },
      ],
    };
  },
});
`;

let tmp: string;
let taskDir: string;
let configHome: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-test-cmd-'));
  configHome = path.join(tmp, 'config');
  mkdirSync(configHome);
  taskDir = path.join(tmp, 'task');
  mkdirSync(taskDir);
  writeFileSync(path.join(taskDir, 'index.ts'), TASK_SOURCE);
  writeFileSync(
    path.join(taskDir, 'permissions.json'),
    JSON.stringify({
      calls: [
        { to: '$args.counter', functions: ['increment()'] },
        { to: token, functions: ['transfer(address,uint256)'] },
      ],
    }),
  );
  writeFileSync(
    path.join(taskDir, 'schema.json'),
    JSON.stringify({
      type: 'object',
      required: ['counter', 'token'],
      properties: {
        counter: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
        token: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
        mode: { type: 'string' },
        why: { type: 'string' },
      },
    }),
  );
  writeFileSync(path.join(taskDir, '.env'), `API_KEY=${SECRET}\n`);
  writeFileSync(path.join(tmp, 'args.json'), JSON.stringify({ counter, token }));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const tickwork = (args: string[]) => runCli(['test', taskDir, ...args], { configHome });
const argsFile = () => path.join(tmp, 'args.json');
// Other test files increment the same demo counter concurrently: compare with a block's count, or as a floor.
const countNow = (blockNumber?: bigint) =>
  client.readContract({ address: counter, abi: counterAbi, functionName: 'count', blockNumber });
/** The count a report printed (`count N`); at least `floor` since counts only grow. */
const printedCount = (text: string, floor: bigint) => {
  const printed = BigInt(/count (\d+)/.exec(text)?.[1] ?? '-1');
  expect(printed >= floor, `${printed} ≥ ${floor}`).toBe(true);
  return printed;
};

/** increment() from a fresh impersonated account: a new block on the test stack's chain. */
async function incrementOnChain() {
  const sender = privateKeyToAccount(`0x${'7'.repeat(63)}${Math.floor(Math.random() * 9) + 1}`).address;
  await testClient.setBalance({ address: sender, value: parseEther('1') });
  await testClient.impersonateAccount({ address: sender });
  const hash = await testClient.sendTransaction({
    account: sender,
    chain: foundry,
    to: counter,
    data: encodeFunctionData({ abi: counterAbi, functionName: 'increment' }),
  });
  await client.waitForTransactionReceipt({ hash });
  await testClient.stopImpersonatingAccount({ address: sender });
}

describe('tickwork test <folder>', () => {
  it('runs the task against the RPC URL and prints the result, decoded calls, logs and compute units', async () => {
    const storageFile = path.join(tmp, 'storage.json');
    writeFileSync(storageFile, JSON.stringify({ runs: 41 }));
    const count = await countNow();
    const run = await tickwork([
      '--args',
      argsFile(),
      '--storage',
      storageFile,
      '--save-storage',
      '--rpc-url',
      rpcUrl,
    ]);
    expect(run.code, run.stderr).toBe(0);
    const out = run.stdout;
    expect(out).toMatch(/result {4}canExec true {2}count \d+/);
    printedCount(out, count);
    expect(out).toContain('calls     2');
    expect(out).toContain(`#0 ${counter}  increment()`);
    expect(out).toContain('function increment()');
    expect(out).toContain(`#1 ${token}  transfer(${RECIPIENT}, 1000000000000000000)`);
    expect(out).toContain('function transfer(address,uint256)');
    expect(out).toContain(`data     ${TRANSFER_DATA}`);
    expect(out).toMatch(/info {2}block \d+, run 42/);
    expect(out).toContain('refused: method not supported in tasks');
    expect(out).toContain('requests  3 rpc, 0 fetch');
    expect(out).toContain('compute   1 unit (free plan)');
    expect(out).toContain('chain     31337');
    expect(out).toContain('secrets   API_KEY (values not shown)');
    expect(out).toContain(`storage   changed (saved to ${storageFile})`);
    // The secret is redacted from the logs and never printed.
    expect(out).toContain('the key is [redacted]');
    expect(out + run.stderr).not.toContain(SECRET);
    expect(JSON.parse(readFileSync(storageFile, 'utf8'))).toEqual({ runs: 42 });
  });

  it('takes args as flags, checks them against the schema and prints one JSON object with --json', async () => {
    const run = await tickwork([
      '--arg',
      `counter=${counter}`,
      '--arg',
      `token=${token}`,
      '--rpc-url',
      rpcUrl,
      '--plan',
      'pro',
      '--json',
    ]);
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.split('\n').filter(Boolean);
    expect(lines).toHaveLength(1);
    const report = JSON.parse(lines[0]);
    expect(report).toMatchObject({
      ok: true,
      result: { canExec: true },
      error: null,
      args: { counter, token },
      storage: { changed: true, after: { runs: 1 }, savedTo: null },
      secrets: ['API_KEY'],
      rpcRequests: 3,
      fetchRequests: 0,
      computeUnits: 1,
      plan: 'pro',
      chain: { chainId: 31337, fork: null },
      simulation: null,
    });
    expect(report.calls).toEqual([
      {
        to: counter,
        data: '0xd09de08a',
        value: '0',
        selector: '0xd09de08a',
        function: { name: 'increment', signature: 'increment()', args: [] },
        permitted: true,
      },
      {
        to: token,
        data: TRANSFER_DATA,
        value: '0',
        selector: '0xa9059cbb',
        function: {
          name: 'transfer',
          signature: 'transfer(address,uint256)',
          args: [RECIPIENT, parseEther('1').toString()],
        },
        permitted: true,
      },
    ]);
    expect(report.logs.map((l: { message: string }) => l.message)).toContain('the key is [redacted]');
    expect(run.stdout).not.toContain(SECRET);

    const wrong = await tickwork(['--arg', `counter=${counter}`, '--rpc-url', rpcUrl]);
    expect(wrong.code).toBe(1);
    expect(wrong.stdout).toBe('');
    expect(JSON.parse(wrong.stderr.trim().split('\n').at(-1) as string)).toMatchObject({
      code: 'invalid_arguments',
      details: [{ path: '/', message: "must have required property 'token'" }],
    });
  });

  it('exits 1 and prints the error when the task throws', async () => {
    const args = ['--args', argsFile(), '--arg', 'mode=throw', '--arg', 'why=no liquidity'];
    const run = await tickwork([...args, '--rpc-url', rpcUrl]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/^error {5}\w+: .*the task gave up: no liquidity/m);
    expect(run.stdout).not.toContain('result ');

    const json = await tickwork([...args, '--rpc-url', rpcUrl, '--json']);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.ok).toBe(false);
    expect(report.result).toBeNull();
    expect(report.error.message).toContain('the task gave up: no liquidity');
  });

  it('runs on a local fork pinned to a block: later changes on the chain are not seen', async () => {
    const forkBlock = await client.getBlockNumber();
    const countAtFork = await countNow(forkBlock);
    await incrementOnChain();
    expect(await countNow()).toBeGreaterThan(countAtFork);

    const forked = await tickwork([
      '--args',
      argsFile(),
      '--fork-url',
      rpcUrl,
      '--fork-block',
      String(forkBlock),
      '--json',
    ]);
    expect(forked.code, forked.stderr).toBe(0);
    const report = JSON.parse(forked.stdout);
    expect(report.result.message).toBe(`count ${countAtFork}`);
    expect(report.chain).toEqual({ chainId: 31337, fork: { block: String(forkBlock) } });
    expect(report.logs.map((l: { message: string }) => l.message)).toContain(`block ${forkBlock}, run 1`);

    const live = await tickwork(['--args', argsFile(), '--rpc-url', rpcUrl, '--json']);
    expect(printedCount(JSON.parse(live.stdout).result.message, countAtFork + 1n)).toBeGreaterThan(
      countAtFork,
    );
  });

  it('--simulate reports each call from the given address: a revert with its reason', async () => {
    const from = privateKeyToAccount(`0x${'5'.repeat(64)}`).address;
    const run = await tickwork(['--args', argsFile(), '--fork-url', rpcUrl, '--simulate', '--from', from]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain(`simulate  from ${from} (as one batch, eth_simulateV1)`);
    expect(run.stdout).toMatch(/#0 ok {2}gas \d+/);
    expect(run.stdout).toContain('#1 reverted: DemoToken: balance too low');

    const json = await tickwork([
      '--args',
      argsFile(),
      '--rpc-url',
      rpcUrl,
      '--simulate',
      '--from',
      from,
      '--json',
    ]);
    const { simulation } = JSON.parse(json.stdout);
    expect(simulation.from).toBe(from);
    expect(simulation.mode).toBe('batch');
    expect(simulation.calls[0]).toMatchObject({ index: 0, ok: true });
    expect(simulation.calls[1]).toMatchObject({ index: 1, ok: false, reason: 'DemoToken: balance too low' });
    expect(simulation.calls[1].data).toMatch(/^0x08c379a0/);

    const missing = await tickwork(['--args', argsFile(), '--rpc-url', rpcUrl, '--simulate']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('--simulate needs --from');
  });

  it('falls back to one eth_call per call where the node has no eth_simulateV1', async () => {
    // A node without eth_simulateV1: a proxy to the test stack's anvil that refuses it.
    const proxy = createServer(async (req, res) => {
      let body = '';
      for await (const chunk of req) body += chunk;
      const { id, method } = JSON.parse(body);
      res.setHeader('content-type', 'application/json');
      if (method === 'eth_simulateV1') {
        res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'method not found' } }));
        return;
      }
      const upstream = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      res.end(await upstream.text());
    });
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
      const from = privateKeyToAccount(`0x${'6'.repeat(64)}`).address;
      const simulation = await simulateCalls(
        url,
        from,
        [
          { to: counter, data: '0xd09de08a', value: '0' },
          { to: token, data: TRANSFER_DATA, value: '0' },
        ],
        [],
      );
      expect(simulation.mode).toBe('each');
      expect(simulation.calls[0]).toMatchObject({ index: 0, ok: true });
      expect(simulation.calls[1]).toMatchObject({
        index: 1,
        ok: false,
        reason: 'DemoToken: balance too low',
      });
    } finally {
      proxy.close();
    }
  });
});
