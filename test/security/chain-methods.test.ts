import { createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { describe, expect, inject, it } from 'vitest';
import { MAX_LOG_BLOCK_RANGE, READ_METHODS } from '@/lib/chains/read-methods';
import { chainBridge } from '@/lib/runtime/chain-bridge';
import { ChainRequestError } from '@/lib/runtime/task-types';
import { newAddress } from '../support/fixtures';
import { runTask } from '../support/runner-under-test';
import { chainOnlyHost, taskInput } from '../support/tasks';

// Attack: a task sends or signs through ctx.chain.request. Before the allow-list, anvil mined
// eth_sendUnsignedTransaction from any address, and the …Sync send variants went through.

const rpcUrl = inject('rpcUrl');
const request = chainBridge(rpcUrl);
const client = createPublicClient({ chain: foundry, transport: http(rpcUrl) });
/** anvil's dev account #0: unlocked on the node, rich. */
const UNLOCKED = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function refusal(method: string, params: unknown[]) {
  const error = await request(method, params).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, method).toBeInstanceOf(ChainRequestError);
  return error as ChainRequestError;
}

describe('ctx.chain.request takes read methods only', () => {
  it.each([
    'eth_sendUnsignedTransaction',
    'eth_sendTransactionSync',
    'eth_sendRawTransactionSync',
    'eth_sendTransaction',
    'eth_sendRawTransaction',
    'eth_sign',
    'eth_signTransaction',
    'eth_signTypedData_v4',
    'personal_sign',
    'anvil_setBalance',
    'anvil_impersonateAccount',
    'hardhat_setBalance',
    'evm_mine',
    'debug_traceCall',
    'txpool_content',
    'eth_newFilter',
    'eth_subscribe',
    'eth_ETH_CALL',
    'ETH_CALL',
    'Eth_call',
    'eth_call ',
    'made_up_method',
  ])('refuses %s with EIP-1193 4200', async (method) => {
    const error = await refusal(method, []);
    expect(error).toMatchObject({ code: 4200, message: 'method not supported in tasks' });
  });

  it('moves no funds: the sends that used to be mined leave balances and nonces as they were', async () => {
    const victimTarget = newAddress();
    const nonceBefore = await client.getTransactionCount({ address: UNLOCKED });
    const tx = { from: UNLOCKED, to: victimTarget, value: '0x7' };
    await refusal('eth_sendUnsignedTransaction', [tx]);
    await refusal('eth_sendTransactionSync', [tx]);
    await refusal('eth_sendTransaction', [tx]);
    expect(await client.getBalance({ address: victimTarget })).toBe(0n);
    expect(await client.getTransactionCount({ address: UNLOCKED })).toBe(nonceBefore);
  });

  it('refuses them inside the sandbox too, where tasks make them', async () => {
    const target = newAddress();
    const source = `export default { __tickworkTask: 1, async run(ctx) {
      const codes = [];
      for (const method of ['eth_sendUnsignedTransaction', 'eth_sendTransactionSync', 'eth_sendRawTransactionSync']) {
        try { await ctx.chain.request({ method, params: [{ from: '${UNLOCKED}', to: '${target}', value: '0x7' }] }); codes.push('sent'); }
        catch (error) { codes.push(error.code); }
      }
      return { canExec: false, message: codes.join(',') };
    } };`;
    const outcome = await runTask(taskInput(source), chainOnlyHost(request));
    expect(outcome).toMatchObject({ kind: 'skip', message: '4200,4200,4200' });
    expect(await client.getBalance({ address: target })).toBe(0n);
  });

  it('answers every read method of the allow-list (none is refused by the bridge itself)', async () => {
    for (const method of READ_METHODS) {
      const answer = await request(method, method === 'eth_getLogs' ? [{}] : []).then(
        () => 'answered',
        (e: ChainRequestError) => e.code,
      );
      expect(answer, method).not.toBe(4200);
    }
  });

  it('bounds eth_getLogs to a block range, tags resolved', async () => {
    expect(Array.isArray(await request('eth_getLogs', [{ fromBlock: 'latest', toBlock: 'latest' }]))).toBe(
      true,
    );
    expect(Array.isArray(await request('eth_getLogs', [{ blockHash: (await client.getBlock()).hash }]))).toBe(
      true,
    );
    const wide = await refusal('eth_getLogs', [
      { fromBlock: '0x0', toBlock: `0x${MAX_LOG_BLOCK_RANGE.toString(16)}` },
    ]);
    expect(wide).toMatchObject({ code: -32602 });
    expect(wide.message).toContain(
      `spans at most ${MAX_LOG_BLOCK_RANGE} blocks in tasks (this one asked 0–${MAX_LOG_BLOCK_RANGE}, ${MAX_LOG_BLOCK_RANGE + 1} blocks): ask from block 1 on`,
    );
    expect(wide.message).toContain("raises the chain's logsBlockRange");
    // a chain whose own node serves wide ranges sets its own bound
    const wider = chainBridge({ rpcUrl, logsBlockRange: MAX_LOG_BLOCK_RANGE * 10 });
    expect(
      Array.isArray(
        await wider('eth_getLogs', [{ fromBlock: '0x0', toBlock: `0x${MAX_LOG_BLOCK_RANGE.toString(16)}` }]),
      ),
    ).toBe(true);
    await request('eth_getLogs', [
      { fromBlock: '0x0', toBlock: `0x${(MAX_LOG_BLOCK_RANGE - 1).toString(16)}` },
    ]);
    expect(await refusal('eth_getLogs', [{ fromBlock: 'yesterday' }])).toMatchObject({ code: -32602 });
    expect(await refusal('eth_getLogs', [])).toMatchObject({ code: -32602 });
  });
});
