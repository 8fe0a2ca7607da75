import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { runTask } from '@/lib/runtime/task-runner';
import { ChainRequestError } from '@/lib/runtime/task-types';
import { bundledTask } from '../support/bundles';
import { chainOnlyHost, taskInput } from '../support/tasks';

// Against the test stack's anvil (read-only requests: nothing here changes the chain).

const rpcUrl = inject('rpcUrl');
const request = chainBridge(rpcUrl);

async function rejection(promise: Promise<unknown>): Promise<ChainRequestError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChainRequestError);
  return error as ChainRequestError;
}

describe('chainBridge', () => {
  it('answers read requests', async () => {
    expect(await request('eth_chainId', [])).toBe('0x7a69');
    expect(await request('eth_blockNumber', undefined)).toMatch(/^0x[0-9a-f]+$/);
    const block = (await request('eth_getBlockByNumber', ['latest', false])) as { number: string };
    expect(block.number).toMatch(/^0x/);
  });

  it('turns a JSON-RPC error into a ChainRequestError with the node code and message', async () => {
    const error = await rejection(request('eth_getBalance', ['not an address', 'latest']));
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/invalid/i);
  });

  it('keeps the revert data of a failed eth_call', async () => {
    // PUSH1 0xAA PUSH1 0 MSTORE8, PUSH1 1 PUSH1 0 REVERT: init code that reverts with the byte 0xaa.
    const error = await rejection(request('eth_call', [{ data: '0x60aa60005360016000fd' }, 'latest']));
    expect(error.code).toBe(3);
    expect(error.data).toBe('0xaa');
  });

  it.each([
    'eth_sendTransaction',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData_v4',
    'personal_sign',
    'wallet_switchEthereumChain',
    'anvil_setBalance',
    'hardhat_impersonateAccount',
    'evm_mine',
    'debug_traceTransaction',
    'admin_peers',
    'miner_start',
    'txpool_content',
    'ETH_SENDRAWTRANSACTION',
  ])('refuses %s with 4200', async (method) => {
    const error = await rejection(request(method, []));
    expect(error).toMatchObject({ code: 4200, message: 'method not supported in tasks' });
  });

  it('answers no accounts', async () => {
    expect(await request('eth_accounts', [])).toEqual([]);
    expect(await request('eth_requestAccounts', [])).toEqual([]);
  });

  it('says the RPC is unavailable without naming it', async () => {
    const secretUrl = 'http://127.0.0.1:1/v2/api-key-in-url';
    const error = await rejection(chainBridge(secretUrl)('eth_chainId', []));
    expect(error).toMatchObject({ code: -32603, message: 'the chain RPC is unavailable' });
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain('api-key');
  });

  it('serves a task inside the sandbox', async () => {
    const source = `export default { __tickworkTask: 1, async run(ctx) {
      const id = await ctx.chain.request({ method: 'eth_chainId' });
      let refused;
      try { await ctx.chain.request({ method: 'eth_sendTransaction', params: [{}] }); } catch (error) { refused = error.code; }
      return { canExec: false, message: id + ' ' + refused };
    } };`;
    const outcome = await runTask(
      taskInput(source, {
        execution: {
          id: 'exn_chain',
          executableId: 'exe_test',
          sender: '0x0000000000000000000000000000000000000001',
          trigger: 'manual',
          scheduledAt: new Date().toISOString(),
          dryRun: true,
        },
      }),
      chainOnlyHost(request),
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '0x7a69 4200', rpcRequests: 2 });
  });
});

describe('viem inside the sandbox', () => {
  it('works through custom(ctx.chain), errors included', async () => {
    // retryCount 0: viem retries reverts (code 3) with a backoff; this test wants the revert itself.
    const source = await bundledTask(`
      import { createPublicClient, custom } from 'viem';
      export default { __tickworkTask: 1, async run(ctx) {
        const client = createPublicClient({ transport: custom(ctx.chain, { retryCount: 0 }) });
        const [chainId, block] = await Promise.all([client.getChainId(), client.getBlockNumber()]);
        const failure = await client.call({ data: '0x60aa60005360016000fd' }).catch((error) => error);
        const reverted = failure.walk((e) => e.data !== undefined);
        return { canExec: false, message: [chainId, typeof block, failure.name, reverted?.code, reverted?.data].join(' ') };
      } };`);
    const outcome = await runTask(
      taskInput(source, {
        execution: {
          id: 'exn_viem',
          executableId: 'exe_test',
          sender: '0x0000000000000000000000000000000000000001',
          trigger: 'simulate',
          scheduledAt: new Date().toISOString(),
          dryRun: true,
        },
      }),
      chainOnlyHost(request),
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '31337 bigint CallExecutionError 3 0xaa' });
  });
});

describe('chainBridge against a failing RPC', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/rate-limited')
        res
          .writeHead(429, { 'content-type': 'application/json' })
          .end('{"jsonrpc":"2.0","id":1,"error":{"code":-32005,"message":"too many requests"}}');
      else res.writeHead(502).end('<html>bad gateway</html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it('passes on a JSON-RPC error sent with an HTTP error status', async () => {
    const error = await rejection(chainBridge(`${url}/rate-limited`)('eth_chainId', []));
    expect(error).toMatchObject({ code: -32005, message: 'too many requests' });
  });

  it('answers unavailable for an HTTP error without a JSON-RPC body', async () => {
    const error = await rejection(chainBridge(`${url}/down`)('eth_chainId', []));
    expect(error).toMatchObject({ code: -32603, message: 'the chain RPC is unavailable' });
  });
});
