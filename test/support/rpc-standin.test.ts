// The fault stack's JSON-RPC stand-in (rpc-standin.ts) in front of an anvil of its own, without the app: it
// forwards single and batched calls, and each rule answers as the node it imitates would. It needs no test stack:
// run alone, give it any TEST_BASE_URL so the global setup does not boot one.
import { createWalletClient, type Hex, http, keccak256, parseEther, parseGwei } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { freePort } from '@/lib/net/free-port';
import { DELEGATED_INFLIGHT_ERROR, type RpcStandIn, startRpcStandIn } from './rpc-standin';

let anvil: LocalChain;
let standIn: RpcStandIn;

beforeAll(async () => {
  anvil = await startAnvil({ port: await freePort() });
  standIn = await startRpcStandIn(anvil.rpcUrl);
});
afterAll(async () => {
  await standIn?.close();
  await anvil?.stop();
});
afterEach(async () => {
  standIn.forwardSends();
  standIn.enforceDelegatedInflight(false);
  await anvilRpc('evm_setAutomine', [true]);
});

const post = async (url: string, body: unknown) =>
  (
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  ).json();
const call = (url: string, method: string, params: unknown[] = []) =>
  post(url, { jsonrpc: '2.0', id: 1, method, params });
async function anvilRpc(method: string, params: unknown[] = []) {
  const answer = await call(anvil.rpcUrl, method, params);
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result;
}
const sendThroughStandIn = (raw: Hex) => call(standIn.url, 'eth_sendRawTransaction', [raw]);
/** The transaction's receipt once anvil has mined it: automine answers the send before the block lands. */
async function receiptOf(hash: Hex, timeoutMs = 10_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const receipt = await anvilRpc('eth_getTransactionReceipt', [hash]);
    if (receipt || Date.now() > deadline) return receipt;
    await new Promise((r) => setTimeout(r, 50));
  }
}
const inPool = async (hash: Hex) => (await anvilRpc('eth_getTransactionByHash', [hash])) !== null;

/** A fresh account holding 1 ether. */
async function fundedAccount(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await anvilRpc('anvil_setBalance', [account.address, `0x${parseEther('1').toString(16)}`]);
  return account;
}

/** A signed 1-wei transfer at `nonce` (tip 1 gwei and max fee 10 gwei unless given). */
const transfer = (account: PrivateKeyAccount, nonce: number, fees: { tip?: bigint; maxFee?: bigint } = {}) =>
  account.signTransaction({
    chainId: foundry.id,
    type: 'eip1559',
    nonce,
    to: '0x000000000000000000000000000000000000dEaD',
    value: 1n,
    gas: 21_000n,
    maxPriorityFeePerGas: fees.tip ?? parseGwei('1'),
    maxFeePerGas: fees.maxFee ?? parseGwei('10'),
  });

describe('rpc stand-in', () => {
  it('forwards single and batched calls, each answer under its own id', async () => {
    expect(await call(standIn.url, 'eth_chainId')).toEqual({ jsonrpc: '2.0', id: 1, result: '0x7a69' });
    const height = await anvilRpc('eth_blockNumber');
    expect(
      await post(standIn.url, [
        { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
        { jsonrpc: '2.0', id: 8, method: 'eth_blockNumber', params: [] },
      ]),
    ).toEqual([
      { jsonrpc: '2.0', id: 7, result: '0x7a69' },
      { jsonrpc: '2.0', id: 8, result: height },
    ]);
  });

  it('failNext answers the next call of its method with the error, once', async () => {
    const error = { code: -32603, message: 'upstream unavailable' };
    standIn.failNext('eth_blockNumber', error);
    const [chainId, failed] = await post(standIn.url, [
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_blockNumber', params: [] },
    ]);
    expect(chainId.result).toBe('0x7a69');
    expect(failed).toEqual({ jsonrpc: '2.0', id: 2, error });
    expect((await call(standIn.url, 'eth_blockNumber')).result).toMatch(/^0x/);
  });

  it('swallowSends answers the hash, logs the send and keeps it from the pool; forwardSends ends it', async () => {
    const account = await fundedAccount();
    const raw = await transfer(account, 0);
    const hash = keccak256(raw);
    standIn.swallowSends();
    expect((await sendThroughStandIn(raw)).result).toBe(hash);
    expect(await inPool(hash)).toBe(false);
    expect(await anvilRpc('eth_getTransactionCount', [account.address, 'pending'])).toBe('0x0');

    standIn.forwardSends();
    expect((await sendThroughStandIn(raw)).result).toBe(hash);
    expect((await receiptOf(hash))?.status).toBe('0x1');
    const logged = { hash, from: account.address, nonce: 0, maxFeePerGas: parseGwei('10') };
    expect(standIn.sends().filter((s) => s.hash === hash)).toEqual([
      { ...logged, maxPriorityFeePerGas: parseGwei('1'), forwarded: false },
      { ...logged, maxPriorityFeePerGas: parseGwei('1'), forwarded: true },
    ]);
  });

  it('a predicate swallows only the sends it picks (an underpriced tip), the replacement reaches the pool', async () => {
    await anvilRpc('evm_setAutomine', [false]);
    const account = await fundedAccount();
    standIn.swallowSends((tx) => (tx.maxPriorityFeePerGas ?? 0n) < parseGwei('2'));
    const cheap = await transfer(account, 0, { tip: parseGwei('1') });
    const bumped = await transfer(account, 0, { tip: parseGwei('3'), maxFee: parseGwei('12') });
    expect((await sendThroughStandIn(cheap)).result).toBe(keccak256(cheap));
    expect((await sendThroughStandIn(bumped)).result).toBe(keccak256(bumped));
    expect(await inPool(keccak256(cheap))).toBe(false);
    expect(await inPool(keccak256(bumped))).toBe(true);
    expect(
      standIn
        .sends()
        .filter((s) => s.from === account.address)
        .map((s) => s.forwarded),
    ).toEqual([false, true]);
  });

  it('enforceDelegatedInflight: one pending tx per delegated sender, replacements pass, plain EOAs are not limited', async () => {
    const sponsor = await fundedAccount();
    const delegated = await fundedAccount();
    const wallet = createWalletClient({ account: sponsor, chain: foundry, transport: http(anvil.rpcUrl) });
    const authorization = await wallet.signAuthorization({
      account: delegated,
      contractAddress: '0x000000000000000000000000000000000000bEEF',
    });
    const delegation = await wallet.sendTransaction({
      authorizationList: [authorization],
      to: delegated.address,
    });
    expect((await receiptOf(delegation))?.status).toBe('0x1');
    const plain = await fundedAccount();
    // the authorization itself used the delegated account's nonce 0
    const n = Number(await anvilRpc('eth_getTransactionCount', [delegated.address, 'latest']));
    expect(n).toBe(1);

    standIn.enforceDelegatedInflight();
    await anvilRpc('evm_setAutomine', [false]);
    expect((await sendThroughStandIn(await transfer(delegated, n))).error).toBeUndefined();
    const queued = await transfer(delegated, n + 1);
    expect((await sendThroughStandIn(queued)).error).toEqual(DELEGATED_INFLIGHT_ERROR);
    expect(await inPool(keccak256(queued))).toBe(false);
    const replacement = await transfer(delegated, n, { maxFee: parseGwei('11') });
    expect((await sendThroughStandIn(replacement)).result).toBe(keccak256(replacement));
    expect((await sendThroughStandIn(await transfer(plain, 0))).error).toBeUndefined();
    expect((await sendThroughStandIn(await transfer(plain, 1))).error).toBeUndefined();

    await anvilRpc('evm_mine');
    expect((await sendThroughStandIn(queued)).result).toBe(keccak256(queued));
    expect(
      standIn
        .sends()
        .filter((s) => s.from === delegated.address)
        .map((s) => [s.nonce, s.forwarded]),
    ).toEqual([
      [n, true],
      [n + 1, false],
      [n, true],
      [n + 1, true],
    ]);
  });
});
