// ERC-4337 runs on a bundler that accepts a user operation and never includes it (a JSON-RPC stand-in in front of
// the stack's alto answers `eth_sendUserOperation` with the hash and drops it). The watcher re-prices it at the
// same nonce (the paymaster signs the new fees again), or, out of replacements, clears the nonce with the empty
// batch. Each run ends, exactly one of its operations is included, the calls run at most once, the record lists
// every operation, and the profile's next run is not held up.
import { type Hex, parseEther, toHex } from 'viem';
import { describe, expect, it } from 'vitest';
import { encodeBatch } from '@/lib/chains/submitters/legacy';
import { faultStackWorld, type PayExe, payExe, waitForStatus } from '../support/faults';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import type { SentUserOperation } from '../support/rpc-standin';
import { balanceOf } from '../support/runs';

const MAX_REPLACEMENTS = 2;
const world = faultStackWorld({
  bundler: true,
  bundlerStandIn: true,
  chain: {
    health: { blockTimeSeconds: 1 },
    fees: { replacementIntervalSeconds: 3, maxReplacements: MAX_REPLACEMENTS, ttlSeconds: 120 },
  },
});

type Broadcast = {
  txHash: string | null;
  userOpHash: string | null;
  kind: string;
  nonce: number;
  maxFeePerGas: string;
  maxPriorityFeePerGas: string;
  state: string;
  sentTo: string;
  mined: boolean;
};
type Execution = {
  status: string;
  error: { code: string; message: string } | null;
  txHash: string | null;
  userOpHash: string | null;
  broadcasts: Broadcast[];
};

const recordOf = async (id: string) =>
  (await api(`/api/v1/executions/${id}`, { token: world.w.token })).body.data as Execution;

const EMPTY_BATCH = encodeBatch([]);
const keyOf = (op: SentUserOperation) => op.nonce >> 64n;

/** The bundler's receipt of an operation, asked through the stand-in (which forwards reads to alto). */
async function bundlerReceipt(userOpHash: string) {
  const res = await fetch(world.stack.bundlerStandIn?.url as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'eth_getUserOperationReceipt',
      params: [userOpHash],
    }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

/** Exactly one of the run's operations was included, it is the one the record names, and it is marked mined. */
async function expectIncludedOnce(record: Execution) {
  const included: string[] = [];
  for (const b of record.broadcasts)
    if (await bundlerReceipt(b.userOpHash as string)) included.push(b.userOpHash as string);
  expect(included).toEqual([record.userOpHash]);
  expect(record.broadcasts.filter((b) => b.mined)).toMatchObject([
    { userOpHash: record.userOpHash, txHash: record.txHash },
  ]);
  expect(new Set(record.broadcasts.map((b) => b.nonce)).size).toBe(1);
}

async function fundedPayExe(gasMode: 'sponsored' | 'self-funded'): Promise<PayExe> {
  await rpc('anvil_setBalance', [world.w.address, toHex(parseEther('1'))]);
  return payExe(world.w, { exe: { gasMode } });
}

describe('user operations a bundler does not include', () => {
  it('are re-priced at the same nonce, sponsored and self-funded alike; the replacement is included, once', async () => {
    const standIn = world.stack.bundlerStandIn;
    if (!standIn) throw new Error('the stack has no bundler stand-in');
    // the first operation of each run (its own nonce key) is dropped, and every re-send of it
    const firstOfKey = new Map<bigint, Hex>();
    standIn.swallowUserOperations((op) => {
      if (!firstOfKey.has(keyOf(op))) firstOfKey.set(keyOf(op), op.hash);
      return firstOfKey.get(keyOf(op)) === op.hash;
    });
    try {
      const pays = await Promise.all([fundedPayExe('sponsored'), fundedPayExe('self-funded')]);
      const ids = await Promise.all(pays.map((pay) => world.queue(pay.exe.id)));
      for (const [i, id] of ids.entries()) {
        expect((await waitForStatus(world.w.token, id, ['confirmed', 'failed'])).status).toBe('confirmed');
        const record = await recordOf(id);
        expect(record.error).toBeNull();
        const [original, replacement] = record.broadcasts;
        expect(original).toMatchObject({ kind: 'original', mined: false, txHash: null, sentTo: 'public' });
        expect(replacement).toMatchObject({ kind: 'replacement', mined: true });
        // both fees up by 12.5 % at least (the bundler asks 10 %)
        expect(BigInt(replacement.maxFeePerGas) * 1000n).toBeGreaterThanOrEqual(
          BigInt(original.maxFeePerGas) * 1125n,
        );
        expect(BigInt(replacement.maxPriorityFeePerGas) * 1000n).toBeGreaterThanOrEqual(
          BigInt(original.maxPriorityFeePerGas) * 1125n,
        );
        expect(record.userOpHash).toBe(replacement.userOpHash);
        expect(await rpc('eth_getTransactionReceipt', [record.txHash])).toBeTruthy();
        await expectIncludedOnce(record);
        expect(await balanceOf(pays[i].to)).toBe(pays[i].wei);
      }
      // what the bundler saw: the dropped first operation, then its replacement, at one nonce per run
      const seen = standIn.userOperations();
      for (const hash of firstOfKey.values())
        expect(seen.filter((op) => op.hash === hash).every((op) => !op.forwarded)).toBe(true);
    } finally {
      standIn.forwardUserOperations();
    }
  });

  it('out of replacements, the empty batch clears the nonce: failed transaction_cancelled, nothing paid; the next run confirms', async () => {
    const standIn = world.stack.bundlerStandIn;
    if (!standIn) throw new Error('the stack has no bundler stand-in');
    const pay = await fundedPayExe('sponsored');
    // every operation carrying the run's calls is dropped; the empty batch is not
    standIn.swallowUserOperations((op) => op.callData !== EMPTY_BATCH);
    let id: string;
    try {
      id = await world.queue(pay.exe.id);
      expect((await waitForStatus(world.w.token, id, ['confirmed', 'failed'], 90_000)).status).toBe('failed');
    } finally {
      standIn.forwardUserOperations();
    }
    const record = await recordOf(id);
    expect(record.error?.code).toBe('transaction_cancelled');
    expect(record.error?.message).toMatch(/the empty user operation 0x[0-9a-f]{64}/);
    expect(record.broadcasts.map((b) => b.kind)).toEqual([
      'original',
      ...Array(MAX_REPLACEMENTS).fill('replacement'),
      'cancellation',
    ]);
    expect(record.broadcasts.at(-1)).toMatchObject({ kind: 'cancellation', mined: true });
    await expectIncludedOnce(record);
    expect(await balanceOf(pay.to)).toBe(0n);

    const next = await world.queue(pay.exe.id);
    expect((await waitForStatus(world.w.token, next, ['confirmed', 'failed'])).status).toBe('confirmed');
    expect(await balanceOf(pay.to)).toBe(pay.wei);
  });
});
