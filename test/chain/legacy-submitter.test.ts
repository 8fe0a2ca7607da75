import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import {
  type Address,
  concat,
  createWalletClient,
  encodeAbiParameters,
  encodeErrorResult,
  encodeFunctionData,
  getAddress,
  type Hex,
  parseAbi,
  parseEther,
  toHex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { submitterFor } from '@/lib/chains/submitters';
import { legacySubmitter, nonceLockKey } from '@/lib/chains/submitters/legacy';
import { type SignedSubmission, SubmissionError } from '@/lib/chains/submitters/types';
import { encryptSecret } from '@/lib/crypto/envelope';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { localChain, testStackChain } from '../support/chain';
import { newAddress, testDb } from '../support/fixtures';

const { transport, client, testClient } = testStackChain();
const accountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
]);

async function fundedWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: account.address, value: parseEther('10') });
  return createWalletClient({ account, chain: foundry, transport });
}

/** A fresh EOA delegated to Simple7702Account (a sponsor sends the authorization), holding `balance`. */
async function legacyAccount(balance = parseEther('1')) {
  const key = generatePrivateKey();
  const eoa = privateKeyToAccount(key);
  const sponsor = await fundedWallet();
  const authorization = await sponsor.signAuthorization({
    account: eoa,
    contractAddress: LOCAL_CHAIN_CONTRACTS.simple7702Account,
  });
  const hash = await sponsor.sendTransaction({ authorizationList: [authorization], to: eoa.address });
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
  await testClient.setBalance({ address: eoa.address, value: balance });
  const encryptedKey = encryptSecret(key);
  return {
    key,
    /** The next nonce: 1, since the delegation bumped the authority's nonce (EIP-7702). */
    nonce: await client.getTransactionCount({ address: eoa.address }),
    address: eoa.address,
    encryptedKey,
    wallet: createWalletClient({ account: eoa, chain: foundry, transport }),
    submitter: legacySubmitter({ db: testDb(), chain: localChain(), address: eoa.address, encryptedKey }),
  };
}

/**
 * A contract that reverts with its calldata, whatever it is: one target gives every kind of revert reason.
 * Runtime (10 bytes): `CALLDATACOPY(0, 0, CALLDATASIZE); REVERT(0, CALLDATASIZE)`.
 * Init code (12 bytes, then the runtime): `CODECOPY(0, 12, 10); RETURN(0, 10)`.
 */
const ECHO_REVERT_RUNTIME = '0x366000600037366000fd';
const ECHO_REVERT_INIT = concat(['0x600a600c600039600a6000f3', ECHO_REVERT_RUNTIME]);
let echoRevert: Address;

const errorString = (message: string) =>
  encodeErrorResult({ abi: parseAbi(['error Error(string)']), errorName: 'Error', args: [message] });
const panic = (code: number) =>
  concat(['0x4e487b71', encodeAbiParameters([{ type: 'uint256' }], [BigInt(code)])]);

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

beforeAll(async () => {
  const deployer = await fundedWallet();
  const hash = await deployer.sendTransaction({ data: ECHO_REVERT_INIT });
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (!receipt.contractAddress) throw new Error('the echo-revert contract was not created');
  echoRevert = getAddress(receipt.contractAddress);
  expect(await client.getCode({ address: echoRevert })).toBe(ECHO_REVERT_RUNTIME);
});

describe('legacy submitter (self-paid executeBatch from a 7702-delegated EOA)', () => {
  it('simulates, signs, records the hash before broadcast, broadcasts and confirms a 2-call batch atomically', async () => {
    const account = await legacyAccount(parseEther('1'));
    const [a, b] = [newAddress(), newAddress()];
    const calls = [transfer(a, 1_000n), transfer(b, 2_000n)];

    const { gasEstimate } = await account.submitter.simulate(calls);
    expect(BigInt(gasEstimate)).toBeGreaterThan(21_000n);

    const before = await client.getBalance({ address: account.address });
    const seen: { signed: SignedSubmission; knownToNode: boolean }[] = [];
    const signed = await account.submitter.submit(calls, async (s) => {
      // Awaited before the broadcast: even after a while, the node has never heard of this hash.
      await sleep(100);
      const known = await client.getTransaction({ hash: s.txHash }).then(
        () => true,
        () => false,
      );
      seen.push({ signed: s, knownToNode: known });
    });
    expect(seen).toEqual([{ signed, knownToNode: false }]);
    expect(signed.nonce).toBe(account.nonce);

    const confirmation = await account.submitter.confirm(signed.txHash, 10_000);
    const receipt = await client.getTransactionReceipt({ hash: signed.txHash });
    expect(confirmation).toEqual({
      status: 'confirmed',
      txHash: receipt.transactionHash,
      gasUsed: receipt.gasUsed.toString(),
      effectiveGasPrice: receipt.effectiveGasPrice.toString(),
      blockNumber: Number(receipt.blockNumber),
    });
    // One transaction from the account to itself, gas limit = estimate × 1.2.
    const tx = await client.getTransaction({ hash: signed.txHash });
    expect([tx.from, tx.to]).toEqual([account.address.toLowerCase(), account.address.toLowerCase()]);
    expect(tx.gas).toBe((BigInt(gasEstimate) * 120n + 99n) / 100n);

    expect(await client.getBalance({ address: a })).toBe(1_000n);
    expect(await client.getBalance({ address: b })).toBe(2_000n);
    const fee = receipt.gasUsed * receipt.effectiveGasPrice;
    expect(await client.getBalance({ address: account.address })).toBe(before - 3_000n - fee);
  });

  it.each([
    ['Error(string)', () => errorString('nope: not today'), 'with Error("nope: not today")'],
    ['Panic(uint256)', () => panic(0x11), 'with Panic(0x11): arithmetic overflow or underflow'],
    [
      'a custom error',
      () => '0xdeadbeef0000' as Hex,
      'with custom error 0xdeadbeef (6 bytes of revert data)',
    ],
    ['no data', () => '0x' as Hex, 'without a reason (empty revert data)'],
  ])(
    'a batch whose 2nd call reverts with %s fails simulation naming call #1 (zero-based) and the reason',
    async (_, data, reason) => {
      const account = await legacyAccount();
      const error = await rejection(
        account.submitter.simulate([transfer(newAddress(), 1n), revertingCall(data())]),
      );
      expect(error.code).toBe('simulation_reverted');
      expect(error.message).toContain(`call #1 (zero-based) to ${echoRevert} reverted ${reason}`);
      expect(error.message).not.toContain(inject('rpcUrl'));
    },
  );

  it('a one-call batch (reverted unwrapped by Simple7702Account) still names call #0', async () => {
    const account = await legacyAccount();
    const error = await rejection(account.submitter.simulate([revertingCall(errorString('single'))]));
    expect(error.code).toBe('simulation_reverted');
    expect(error.message).toBe(`call #0 (zero-based) to ${echoRevert} reverted with Error("single")`);
  });

  it('submit re-simulates and refuses a reverting batch without signing or broadcasting', async () => {
    const account = await legacyAccount();
    let signed = false;
    const error = await rejection(
      account.submitter.submit([transfer(newAddress(), 1n), revertingCall(errorString('no'))], async () => {
        signed = true;
      }),
    );
    expect(error.code).toBe('simulation_reverted');
    expect(signed).toBe(false);
    expect(await client.getTransactionCount({ address: account.address })).toBe(account.nonce);
  });

  it('an account without native balance → insufficient_funds with its balance and the needed amount', async () => {
    const account = await legacyAccount(0n);
    const error = await rejection(account.submitter.simulate([transfer(newAddress(), 0n)]));
    expect(error.code).toBe('insufficient_funds');
    expect(error.message).toMatch(
      new RegExp(
        `^the profile account ${account.address} cannot pay for gas: balance 0 ETH, needs about 0\\.0\\d+ ETH$`,
      ),
    );
  });

  it('calls sending more value than the account holds → insufficient_funds', async () => {
    const account = await legacyAccount(parseEther('0.001'));
    const error = await rejection(
      account.submitter.simulate([
        transfer(newAddress(), parseEther('0.0006')),
        transfer(newAddress(), parseEther('0.0006')),
      ]),
    );
    expect(error.code).toBe('insufficient_funds');
    expect(error.message).toContain(`the profile account ${account.address} cannot pay`);
  });

  it('an EOA that is not delegated is refused before any call (a call to it would "succeed" doing nothing)', async () => {
    const key = generatePrivateKey();
    const address = privateKeyToAccount(key).address;
    await testClient.setBalance({ address, value: parseEther('1') });
    const submitter = legacySubmitter({
      db: testDb(),
      chain: localChain(),
      address,
      encryptedKey: encryptSecret(key),
    });
    const error = await rejection(submitter.simulate([transfer(newAddress(), 1n)]));
    expect(error.code).toBe('account_not_delegated');
  });

  it('two concurrent submits from one account get consecutive nonces (advisory lock) and both confirm', async () => {
    const account = await legacyAccount(parseEther('1'));
    const [a, b] = [newAddress(), newAddress()];
    // A slow onSigned (recording the hash) widens the window: without the lock both would sign one nonce.
    const slowRecord = () => sleep(200);
    const [first, second] = await Promise.all([
      account.submitter.submit([transfer(a, 5n), transfer(a, 6n)], slowRecord),
      account.submitter.submit([transfer(b, 7n), transfer(b, 8n)], slowRecord),
    ]);
    expect([first.nonce, second.nonce].sort()).toEqual([account.nonce, account.nonce + 1]);
    const confirmations = await Promise.all([
      account.submitter.confirm(first.txHash, 10_000),
      account.submitter.confirm(second.txHash, 10_000),
    ]);
    expect(confirmations.map((c) => c.status)).toEqual(['confirmed', 'confirmed']);
    expect(await client.getBalance({ address: a })).toBe(11n);
    expect(await client.getBalance({ address: b })).toBe(15n);
  });

  it('submit waits while another process holds the nonce lock of the account', async () => {
    const account = await legacyAccount();
    const key = nonceLockKey(31337, account.address);
    let release = () => {};
    let lockTaken = () => {};
    const taken = new Promise<void>((resolve) => {
      lockTaken = resolve;
    });
    let holderPid = 0;
    const holder = testDb().transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
      const [{ pid }] = await tx.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`);
      holderPid = pid;
      lockTaken();
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    await taken;
    let signed = false;
    const submitting = account.submitter.submit([transfer(newAddress(), 1n)], async () => {
      signed = true;
    });
    // Once the submit waits on that very lock, it has not signed (after a fixed sleep instead, a submit slow to
    // get there would pass whether or not it takes the lock).
    for (const until = Date.now() + 20_000; ; await sleep(25)) {
      const [{ waiting }] = await testDb().$sql<{ waiting: number }[]>`
        select count(*)::int as waiting from pg_locks w join pg_locks h using (locktype, database, classid, objid, objsubid)
         where w.locktype = 'advisory' and not w.granted and h.granted and h.pid = ${holderPid}`;
      if (waiting > 0) break;
      if (Date.now() > until) throw new Error('the submit did not wait on the nonce lock within 20 s');
    }
    expect(signed).toBe(false);
    release();
    await holder;
    const { txHash } = await submitting;
    expect(signed).toBe(true);
    expect((await account.submitter.confirm(txHash, 10_000)).status).toBe('confirmed');
  });

  it('a refused broadcast → broadcast_failed, with neither the RPC URL nor the key in the message', async () => {
    const account = await legacyAccount(parseEther('1'));
    // onSigned spends the same nonce elsewhere first, so the node refuses the signed batch (nonce too low).
    const error = await rejection(
      account.submitter.submit([transfer(newAddress(), 1n)], async () => {
        const hash = await account.wallet.sendTransaction({ to: newAddress(), value: 1n });
        await client.waitForTransactionReceipt({ hash });
      }),
    );
    expect(error.code).toBe('broadcast_failed');
    expect(error.message).toMatch(/^broadcasting 0x[0-9a-f]{64} failed: .*nonce too low/);
    expect(error.message).not.toContain(inject('rpcUrl'));
    expect(error.message.toLowerCase()).not.toContain(account.key.slice(2));
  });

  it('confirm reports a batch reverted on chain with the failing call decoded (and nothing moved)', async () => {
    const account = await legacyAccount(parseEther('1'));
    const a = newAddress();
    // Sent by hand with a fixed gas limit, bypassing the simulation the submitter would refuse it at.
    const hash = await account.wallet.sendTransaction({
      to: account.address,
      gas: 300_000n,
      data: encodeFunctionData({
        abi: accountAbi,
        functionName: 'executeBatch',
        args: [
          [
            { target: a, value: 1n, data: '0x' },
            { target: echoRevert, value: 0n, data: errorString('mined and reverted') },
          ],
        ],
      }),
    });
    const confirmation = await account.submitter.confirm(hash, 10_000);
    expect(confirmation).toMatchObject({
      status: 'reverted',
      txHash: hash,
      error: {
        code: 'execution_reverted',
        message: `call #1 (zero-based) to ${echoRevert} reverted with Error("mined and reverted")`,
      },
    });
    expect(confirmation.status !== 'unknown' && Number(confirmation.gasUsed)).toBeGreaterThan(21_000);
    expect(await client.getBalance({ address: a })).toBe(0n);
  });

  it('confirm answers unknown when no receipt comes within the wait', async () => {
    const account = await legacyAccount();
    const hash = toHex(crypto.getRandomValues(new Uint8Array(32)));
    const started = performance.now();
    expect(await account.submitter.confirm(hash, 600)).toEqual({ status: 'unknown', txHash: hash });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('submitterFor', () => {
  const legacy = { kind: 'legacy' as const, address: newAddress(), encryptedKey: 'v1.x.y', chainId: 31337 };
  const refusal = (fn: () => unknown) => {
    try {
      fn();
    } catch (error) {
      expect(error).toBeInstanceOf(SubmissionError);
      return { code: (error as SubmissionError).code, message: (error as SubmissionError).message };
    }
    throw new Error('expected a refusal');
  };

  it('gives the legacy submitter for a legacy profile paying its own gas', async () => {
    const account = await legacyAccount();
    const submitter = submitterFor({
      db: testDb(),
      profile: {
        kind: 'legacy',
        address: account.address,
        encryptedKey: account.encryptedKey,
        chainId: 31337,
      },
      gasMode: 'self',
    });
    await expect(submitter.simulate([transfer(newAddress(), 1n)])).resolves.toEqual({
      gasEstimate: expect.stringMatching(/^\d+$/),
    });
  });

  it('refuses the gas modes that need a bundler when none is configured', () => {
    // The test stack's bundler is handed to the app, not to this process (user-operation-submitter.test.ts).
    delete process.env.TICKWORK_LOCAL_BUNDLER_URL;
    delete process.env.PIMLICO_API_KEY;
    delete process.env.ALCHEMY_API_KEY;
    for (const gasMode of ['sponsored', 'self-funded'] as const)
      expect(refusal(() => submitterFor({ db: testDb(), profile: legacy, gasMode }))).toEqual({
        code: 'gas_mode_unavailable',
        message: expect.stringMatching(/^(sponsored|self-funded) gas .*needs /),
      });
  });

  it('refuses a Safe or roles profile without its executor, roles without sponsorship, a disabled chain, and a legacy profile without a key', () => {
    const db = testDb();
    expect(
      refusal(() => submitterFor({ db, profile: { ...legacy, kind: 'safe' }, gasMode: 'self' })),
    ).toEqual({
      code: 'account_key_missing',
      message: 'the Safe profile has no executor',
    });
    expect(
      refusal(() => submitterFor({ db, profile: { ...legacy, kind: 'roles' }, gasMode: 'self' })),
    ).toEqual({
      code: 'gas_mode_unavailable',
      message: 'roles profiles send sponsored user operations only',
    });
    expect(
      refusal(() => submitterFor({ db, profile: { ...legacy, chainId: 999_999 }, gasMode: 'self' })),
    ).toEqual({
      code: 'chain_not_enabled',
      message: 'chain 999999 is not enabled on this deployment',
    });
    expect(
      refusal(() => submitterFor({ db, profile: { ...legacy, encryptedKey: null }, gasMode: 'self' })).code,
    ).toBe('account_key_missing');
  });
});
