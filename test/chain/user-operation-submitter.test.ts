// The ERC-4337 submitter against the test stack's anvil, alto bundler and mock paymaster: a legacy profile's
// 7702-delegated EOA sends `executeBatch` as a user operation, paid by the paymaster (sponsored) or by itself
// (self-funded).
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Address,
  concat,
  createWalletClient,
  encodeErrorResult,
  getAddress,
  type Hex,
  parseAbi,
  parseEther,
} from 'viem';
import { entryPoint08Abi } from 'viem/account-abstraction';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { simulateWithFallback, submitterFor } from '@/lib/chains/submitters';
import { type SignedUserOperation, SubmissionError } from '@/lib/chains/submitters/types';
import { userOperationSubmitter } from '@/lib/chains/submitters/user-operation';
import { encryptSecret } from '@/lib/crypto/envelope';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { localChain, testStackChain } from '../support/chain';
import { newAddress, testDb } from '../support/fixtures';

const { transport, client, testClient } = testStackChain();
const bundlerUrl = inject('bundlerUrl');
const paymasterUrl = inject('paymasterUrl');
const bundlerRequest = async <T>(method: string, params: unknown[]): Promise<T> => {
  const res = await fetch(bundlerUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await res.json()).result as T;
};

/** A fresh EOA delegated to Simple7702Account (a sponsor sends the authorization), holding `balance`. */
async function delegatedAccount(balance: bigint) {
  const key = generatePrivateKey();
  const eoa = privateKeyToAccount(key);
  const sponsor = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: sponsor.address, value: parseEther('1') });
  const wallet = createWalletClient({ account: sponsor, chain: foundry, transport });
  const authorization = await wallet.signAuthorization({
    account: eoa,
    contractAddress: LOCAL_CHAIN_CONTRACTS.simple7702Account,
  });
  const hash = await wallet.sendTransaction({ authorizationList: [authorization], to: eoa.address });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  await testClient.setBalance({ address: eoa.address, value: balance });
  const encryptedKey = encryptSecret(key);
  const submitter = (sponsored: boolean) =>
    userOperationSubmitter({
      chain: localChain(),
      address: eoa.address,
      encryptedKey,
      bundlerUrl,
      paymasterUrl: sponsored ? paymasterUrl : null,
      fees: 'bundler',
    });
  return { address: eoa.address, encryptedKey, submitter };
}

/** Reverts with its calldata, whatever it is (see legacy-submitter.test.ts). */
const ECHO_REVERT_RUNTIME = '0x366000600037366000fd';
const ECHO_REVERT_INIT = concat(['0x600a600c600039600a6000f3', ECHO_REVERT_RUNTIME]);
let echoRevert: Address;
const errorString = (message: string) =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [message] });

const transfer = (to: Address, wei: bigint): PlannedCall => ({ to, data: '0x', value: wei.toString() });
const revertingCall = (data: Hex): PlannedCall => ({ to: echoRevert, data, value: '0' });

async function rejection(promise: Promise<unknown>): Promise<SubmissionError> {
  const error = await promise.then(
    () => {
      throw new Error('expected a SubmissionError');
    },
    (e) => e,
  );
  expect(error).toBeInstanceOf(SubmissionError);
  return error as SubmissionError;
}

/** Signs, checks the hash was handed over before the bundler heard of it, sends and confirms. */
async function submitAndConfirm(
  submitter: ReturnType<Awaited<ReturnType<typeof delegatedAccount>>['submitter']>,
  calls: PlannedCall[],
) {
  const seen: { signed: SignedUserOperation; knownToBundler: boolean }[] = [];
  const signed = await submitter.submit(calls, async (s) => {
    await sleep(100);
    const known = await bundlerRequest<unknown>('eth_getUserOperationByHash', [s.userOpHash]);
    seen.push({ signed: s, knownToBundler: known !== null && known !== undefined });
  });
  expect(seen).toEqual([{ signed, knownToBundler: false }]);
  expect(signed.userOpHash).toMatch(/^0x[0-9a-f]{64}$/);
  const confirmation = await submitter.confirm(signed.userOpHash, 15_000);
  return { signed, confirmation };
}

beforeAll(async () => {
  const deployer = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: deployer.address, value: parseEther('1') });
  const wallet = createWalletClient({ account: deployer, chain: foundry, transport });
  const hash = await wallet.sendTransaction({ data: ECHO_REVERT_INIT });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('the echo-revert contract was not created');
  echoRevert = getAddress(receipt.contractAddress);
});

describe('user-operation submitter, sponsored (mock paymaster)', () => {
  it('sends a 2-call batch from an account holding only the value it sends; the paymaster pays the gas', async () => {
    const [a, b] = [newAddress(), newAddress()];
    const account = await delegatedAccount(3_000n);
    const submitter = account.submitter(true);
    const calls = [transfer(a, 1_000n), transfer(b, 2_000n)];

    const { gasEstimate } = await submitter.simulate(calls);
    expect(BigInt(gasEstimate)).toBeGreaterThan(21_000n);

    const { signed, confirmation } = await submitAndConfirm(submitter, calls);
    expect(signed.nonce).toBe(0);
    expect(confirmation.status).toBe('confirmed');
    if (confirmation.status === 'unknown') throw new Error('no receipt');
    const receipt = await client.getTransactionReceipt({ hash: confirmation.txHash });
    expect(receipt.status).toBe('success');
    expect(confirmation.blockNumber).toBe(Number(receipt.blockNumber));
    expect(BigInt(confirmation.gasUsed)).toBeGreaterThan(21_000n);
    expect(BigInt(confirmation.effectiveGasPrice)).toBeGreaterThan(0n);
    // The bundle went to the EntryPoint, from alto's executor, not from the account.
    const tx = await client.getTransaction({ hash: confirmation.txHash });
    expect(tx.to?.toLowerCase()).toBe(LOCAL_CHAIN_CONTRACTS.entryPoint08.toLowerCase());
    expect(tx.from.toLowerCase()).not.toBe(account.address.toLowerCase());

    expect(await client.getBalance({ address: a })).toBe(1_000n);
    expect(await client.getBalance({ address: b })).toBe(2_000n);
    expect(await client.getBalance({ address: account.address })).toBe(0n);
  });

  it('operations of one account in flight at once never claim the same nonce (a fresh nonce key each)', async () => {
    const to = newAddress();
    const account = await delegatedAccount(2n);
    const submitter = account.submitter(true);
    const signed = await Promise.all([1, 2].map(() => submitter.submit([transfer(to, 1n)], async () => {})));
    expect(signed.map((s) => s.nonce)).toEqual([0, 0]); // the sequence within each operation's own key
    const confirmations = await Promise.all(signed.map((s) => submitter.confirm(s.userOpHash, 15_000)));
    expect(confirmations.map((c) => c.status)).toEqual(['confirmed', 'confirmed']);
    expect(await client.getBalance({ address: to })).toBe(2n);
  });

  it('refuses a reverting batch at simulation with the decoded reason', async () => {
    const account = await delegatedAccount(0n);
    const error = await rejection(
      account.submitter(true).simulate([transfer(newAddress(), 0n), revertingCall(errorString('not today'))]),
    );
    expect(error.code).toBe('simulation_reverted');
    expect(error.message).toBe(`call #1 (zero-based) to ${echoRevert} reverted with Error("not today")`);
  });

  it('refuses an account that cannot pay the value its calls send, and one that is not delegated', async () => {
    const account = await delegatedAccount(10n);
    expect((await rejection(account.submitter(true).simulate([transfer(newAddress(), 11n)]))).code).toBe(
      'insufficient_funds',
    );
    const key = generatePrivateKey();
    const plain = userOperationSubmitter({
      chain: localChain(),
      address: privateKeyToAccount(key).address,
      encryptedKey: encryptSecret(key),
      bundlerUrl,
      paymasterUrl,
    });
    expect((await rejection(plain.simulate([transfer(newAddress(), 0n)]))).code).toBe(
      'account_not_delegated',
    );
  });

  it('reports a batch that reverts on chain after passing simulation, with the reason', async () => {
    // The target has no code at simulation and reverts once the operation is signed (before it is sent).
    const target = newAddress();
    const account = await delegatedAccount(0n);
    const submitter = account.submitter(true);
    const calls = [transfer(newAddress(), 0n), { to: target, data: errorString('changed'), value: '0' }];
    const signed = await submitter.submit(calls, async () => {
      await testClient.setCode({ address: target, bytecode: ECHO_REVERT_RUNTIME });
    });
    const confirmation = await submitter.confirm(signed.userOpHash, 15_000);
    expect(confirmation).toMatchObject({
      status: 'reverted',
      error: {
        code: 'execution_reverted',
        message: `call #1 (zero-based) to ${target} reverted with Error("changed")`,
      },
    });
  });

  it('answers unknown, echoing the hash, when no receipt comes in time', async () => {
    const account = await delegatedAccount(0n);
    const hash = `0x${'ab'.repeat(32)}` as Hex;
    await expect(account.submitter(true).confirm(hash, 500)).resolves.toEqual({
      status: 'unknown',
      txHash: hash,
    });
  });
});

describe('user-operation submitter, self-funded', () => {
  it('pays the prefund from the account balance', async () => {
    const account = await delegatedAccount(parseEther('1'));
    const submitter = account.submitter(false);
    const to = newAddress();
    const { confirmation } = await submitAndConfirm(submitter, [transfer(to, 5_000n), transfer(to, 5_000n)]);
    if (confirmation.status !== 'confirmed') throw new Error(`not confirmed: ${confirmation.status}`);
    expect(await client.getBalance({ address: to })).toBe(10_000n);
    // The account paid value + the operation's actual cost; the unused prefund is left as its EntryPoint deposit.
    const balance = await client.getBalance({ address: account.address });
    const deposit = await client.readContract({
      address: LOCAL_CHAIN_CONTRACTS.entryPoint08,
      abi: entryPoint08Abi,
      functionName: 'balanceOf',
      args: [account.address],
    });
    const cost = BigInt(confirmation.gasUsed) * BigInt(confirmation.effectiveGasPrice);
    expect(parseEther('1') - 10_000n - balance - deposit).toBeGreaterThan(0n);
    expect(parseEther('1') - 10_000n - balance - deposit).toBeLessThanOrEqual(
      cost + BigInt(confirmation.gasUsed),
    );
  });

  it('refuses an empty account with insufficient_funds', async () => {
    const account = await delegatedAccount(0n);
    const error = await rejection(account.submitter(false).simulate([transfer(newAddress(), 0n)]));
    expect(error.code).toBe('insufficient_funds');
    expect(error.message).toContain(account.address);
  });
});

describe('submitterFor with ERC-4337 gas modes', () => {
  const saved = {
    bundler: process.env.TICKWORK_LOCAL_BUNDLER_URL,
    paymaster: process.env.TICKWORK_LOCAL_PAYMASTER_URL,
  };
  afterEach(() => {
    for (const [name, value] of [
      ['TICKWORK_LOCAL_BUNDLER_URL', saved.bundler],
      ['TICKWORK_LOCAL_PAYMASTER_URL', saved.paymaster],
      ['PIMLICO_API_KEY', undefined],
    ] as const)
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
  });
  const pointAtLocalBundler = () => {
    process.env.TICKWORK_LOCAL_BUNDLER_URL = bundlerUrl;
    process.env.TICKWORK_LOCAL_PAYMASTER_URL = paymasterUrl;
  };
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(SubmissionError);
      return { code: (error as SubmissionError).code, message: (error as SubmissionError).message };
    }
    throw new Error('expected a refusal');
  };

  it('sponsored → a user operation the local paymaster pays for; self-funded → one the account pays for', async () => {
    pointAtLocalBundler();
    const account = await delegatedAccount(0n);
    const profile = {
      kind: 'legacy' as const,
      address: account.address,
      encryptedKey: account.encryptedKey,
      chainId: 31337,
    };
    const to = newAddress();
    const sponsored = submitterFor({ db: testDb(), profile, gasMode: 'sponsored' });
    const signed = await sponsored.submit([transfer(to, 0n)], async () => {});
    expect(signed).toEqual({
      userOpHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      nonce: 0,
      // what the run records before the send: the signed operation in its RPC form, never sent back by the API
      signed: expect.objectContaining({ envelope: 'user_operation', sender: profile.address.toLowerCase() }),
    });
    expect(JSON.parse(signed.signed.raw)).toMatchObject({
      sender: expect.any(String),
      signature: expect.any(String),
    });
    expect((await sponsored.confirm(signed.userOpHash as Hex, 15_000)).status).toBe('confirmed');

    // Self-funded: the same empty account is refused for lack of funds (no paymaster is asked).
    const selfFunded = submitterFor({ db: testDb(), profile, gasMode: 'self-funded' });
    expect((await rejection(selfFunded.simulate([transfer(to, 0n)]))).code).toBe('insufficient_funds');
    // `self` stays the plain transaction: its signed submission is a transaction hash.
    await testClient.setBalance({ address: account.address, value: parseEther('1') });
    const self = submitterFor({ db: testDb(), profile, gasMode: 'self' });
    const tx = await self.submit([transfer(to, 1n)], async () => {});
    expect(tx.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(tx.userOpHash).toBeUndefined();
  });

  it('refuses sponsored and self-funded gas when no bundler or paymaster is configured', () => {
    delete process.env.TICKWORK_LOCAL_BUNDLER_URL;
    delete process.env.TICKWORK_LOCAL_PAYMASTER_URL;
    const profile = {
      kind: 'legacy' as const,
      address: newAddress(),
      encryptedKey: 'v1.x.y',
      chainId: 31337,
    };
    expect(refusal(() => submitterFor({ db: testDb(), profile, gasMode: 'sponsored' }))).toEqual({
      code: 'gas_mode_unavailable',
      message: 'sponsored gas through Pimlico needs PIMLICO_API_KEY',
    });
    expect(
      refusal(() =>
        submitterFor({ db: testDb(), profile, gasMode: 'sponsored', sponsorshipProvider: 'alchemy' }),
      ).message,
    ).toMatch(/^sponsored gas through Alchemy needs ALCHEMY_API_KEY and ALCHEMY_GAS_POLICY_ID/);
    expect(refusal(() => submitterFor({ db: testDb(), profile, gasMode: 'self-funded' })).code).toBe(
      'gas_mode_unavailable',
    );
    // A bundler without a paymaster serves self-funded gas only.
    process.env.TICKWORK_LOCAL_BUNDLER_URL = bundlerUrl;
    expect(refusal(() => submitterFor({ db: testDb(), profile, gasMode: 'sponsored' })).code).toBe(
      'gas_mode_unavailable',
    );
    expect(() => submitterFor({ db: testDb(), profile, gasMode: 'self-funded' })).not.toThrow();
  });

  it('never puts the bundler URL or its API key into a failure', async () => {
    process.env.TICKWORK_LOCAL_BUNDLER_URL = 'http://127.0.0.1:9/rpc?apikey=secret-bundler-key';
    process.env.TICKWORK_LOCAL_PAYMASTER_URL = 'http://127.0.0.1:9/pm?apikey=secret-paymaster-key';
    const account = await delegatedAccount(0n);
    const profile = {
      kind: 'legacy' as const,
      address: account.address,
      encryptedKey: account.encryptedKey,
      chainId: 31337,
    };
    const submitter = submitterFor({ db: testDb(), profile, gasMode: 'sponsored' });
    const error = await rejection(submitter.simulate([transfer(newAddress(), 0n)]));
    expect(error.code).toBe('bundler_unavailable');
    expect(error.message).not.toMatch(/secret|127\.0\.0\.1|https?:/);
  });

  it('gasFallback: a sponsored run whose sponsorship fails pays its own gas; without it, or for a revert, it fails', async () => {
    process.env.TICKWORK_LOCAL_BUNDLER_URL = 'http://127.0.0.1:9/rpc'; // nothing answers there
    process.env.TICKWORK_LOCAL_PAYMASTER_URL = 'http://127.0.0.1:9/pm';
    const account = await delegatedAccount(parseEther('1'));
    const profile = {
      kind: 'legacy' as const,
      address: account.address,
      encryptedKey: account.encryptedKey,
      chainId: 31337,
    };
    const opts = { db: testDb(), profile, gasMode: 'sponsored' as const };
    const calls = [transfer(newAddress(), 1n)];
    const fallen = await simulateWithFallback({ ...opts, gasFallback: true }, calls);
    expect(fallen.fellBack?.code).toBe('bundler_unavailable');
    const signed = await fallen.submitter.submit(calls, async () => {});
    expect(signed.txHash).toMatch(/^0x[0-9a-f]{64}$/); // a plain transaction, paid by the account
    expect((await fallen.submitter.confirm(signed.txHash as Hex, 10_000)).status).toBe('confirmed');
    expect((await rejection(simulateWithFallback({ ...opts, gasFallback: false }, calls))).code).toBe(
      'bundler_unavailable',
    );
    const reverting = [revertingCall(errorString('nope'))];
    expect((await rejection(simulateWithFallback({ ...opts, gasFallback: true }, reverting))).code).toBe(
      'simulation_reverted',
    );
  });
});
