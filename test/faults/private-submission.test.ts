// A chain that names a private transaction endpoint (a stand-in in front of anvil that forwards a transaction, as
// a builder includes it, or holds it, and never gossips either way). Runs go there first; one not mined within
// the fallback goes to the public mempool too, unless its executable sends only privately; an executable may
// also stay public. Each run is mined once at its nonce, and the record says where each broadcast went.
import { afterEach, describe, expect, it } from 'vitest';
import { patchFacet } from '../support/executables';
import { faultStackWorld, nonceOf, type PayExe, payExe, waitForStatus, waitUntil } from '../support/faults';
import { testDb } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { balanceOf } from '../support/runs';

const FALLBACK_BLOCKS = 3;
const world = faultStackWorld({
  rpcStandIn: true,
  privateEndpoint: { fallbackAfterBlocks: FALLBACK_BLOCKS },
  chain: {
    health: { blockTimeSeconds: 1 },
    fees: { replacementIntervalSeconds: 5, maxReplacements: 5, ttlSeconds: 120 },
  },
});

type Broadcast = { txHash: string; sentTo: string; publicAt: string | null; mined: boolean; kind: string };

const recordOf = async (id: string) =>
  (await api(`/api/v1/executions/${id}`, { token: world.w.token })).body.data as {
    status: string;
    txHash: string;
    broadcasts: Broadcast[];
  };

const sentPrivately = () => new Set<string>(world.stack.privateEndpoint?.sends().map((s) => s.hash));
const sentPublicly = () => new Set<string>(world.stack.rpcStandIn?.sends().map((s) => s.hash));

async function setPrivateSubmission(pay: PayExe, privateSubmission: string) {
  const res = await patchFacet(world.w.token, pay.exe.id, 'gas-mode', { gasMode: 'self', privateSubmission });
  expect(res.status, res.text).toBe(200);
  expect(res.body.data.privateSubmission).toBe(privateSubmission);
}

/** Exactly one of the run's hashes is mined, at `nonce`, and it is the run's recorded hash. */
async function expectMinedOnce(record: Awaited<ReturnType<typeof recordOf>>, nonce: number) {
  const mined = [];
  for (const b of record.broadcasts)
    if (await rpc('eth_getTransactionReceipt', [b.txHash])) mined.push(b.txHash);
  expect(mined).toEqual([record.txHash]);
  expect(record.broadcasts.filter((b) => b.mined).map((b) => b.txHash)).toEqual([record.txHash]);
  const tx = await rpc<any>('eth_getTransactionByHash', [record.txHash]);
  expect(Number(BigInt(tx.nonce))).toBe(nonce);
}

afterEach(async () => {
  world.stack.privateEndpoint?.forwardSends();
  // interval mining off first: it turns automine off, so automine goes back on last
  await rpc('evm_setIntervalMining', [0]);
  await rpc('evm_setAutomine', [true]);
});

describe('a chain with a private transaction endpoint', () => {
  it('runs go there first: included from there, never sent to the public RPC', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    const nonce = await nonceOf(w.address);
    const id = await queue(pay.exe.id);
    expect((await waitForStatus(w.token, id, ['confirmed', 'failed'])).status).toBe('confirmed');
    const record = await recordOf(id);
    expect(record.broadcasts).toMatchObject([{ sentTo: 'private', publicAt: null, mined: true }]);
    expect(sentPrivately().has(record.txHash)).toBe(true);
    expect(sentPublicly().has(record.txHash)).toBe(false);
    await expectMinedOnce(record, nonce);
    expect(await balanceOf(pay.to)).toBe(pay.wei);
  });

  it('not included within the fallback: the same transaction goes to the public mempool, mined once', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    const nonce = await nonceOf(w.address);
    world.stack.privateEndpoint?.swallowSends();
    await rpc('evm_setIntervalMining', [1]);
    const id = await queue(pay.exe.id);
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed']);
    expect(done.status).toBe('confirmed');
    const record = await recordOf(id);
    const [first] = record.broadcasts;
    expect(first).toMatchObject({ sentTo: 'private', publicAt: expect.any(String) });
    expect(sentPrivately().has(first.txHash)).toBe(true);
    expect(sentPublicly().has(first.txHash)).toBe(true);
    // it went public only once its fallback block was reached
    const [row] = await testDb().$sql<{ public_after_block: string }[]>`
      select public_after_block from transaction_broadcasts where tx_hash = ${first.txHash}`;
    const receipt = await rpc<any>('eth_getTransactionReceipt', [record.txHash]);
    expect(Number(BigInt(receipt.blockNumber))).toBeGreaterThan(Number(row.public_after_block));
    await expectMinedOnce(record, nonce);
    expect(await nonceOf(w.address)).toBe(nonce + 1);
  });

  it('an executable that sends only privately never goes public: re-priced there until included', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    await setPrivateSubmission(pay, 'only');
    const nonce = await nonceOf(w.address);
    world.stack.privateEndpoint?.swallowSends();
    await rpc('evm_setIntervalMining', [1]);
    const id = await queue(pay.exe.id);
    // past the fallback and one re-pricing: still private, still unmined
    const priced = await waitUntil(
      'a private replacement',
      async () => {
        const record = await recordOf(id);
        return record.broadcasts.some((b) => b.kind === 'replacement') ? record : null;
      },
      30_000,
    );
    expect(priced.status).toBe('submitted');
    expect(priced.broadcasts.every((b) => b.sentTo === 'private' && b.publicAt === null)).toBe(true);
    // the endpoint includes from now on: the next re-pricing (or re-send) lands
    world.stack.privateEndpoint?.forwardSends();
    expect((await waitForStatus(w.token, id, ['confirmed', 'failed'])).status).toBe('confirmed');
    const record = await recordOf(id);
    const publicly = sentPublicly();
    expect(record.broadcasts.filter((b) => publicly.has(b.txHash))).toEqual([]);
    expect(record.broadcasts.every((b) => b.sentTo === 'private' && b.publicAt === null)).toBe(true);
    await expectMinedOnce(record, nonce);
  });

  it('an executable that stays public never reaches the private endpoint', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    await setPrivateSubmission(pay, 'off');
    const nonce = await nonceOf(w.address);
    const id = await queue(pay.exe.id);
    expect((await waitForStatus(w.token, id, ['confirmed', 'failed'])).status).toBe('confirmed');
    const record = await recordOf(id);
    expect(record.broadcasts).toMatchObject([{ sentTo: 'public', publicAt: null, mined: true }]);
    expect(sentPrivately().has(record.txHash)).toBe(false);
    expect(sentPublicly().has(record.txHash)).toBe(true);
    await expectMinedOnce(record, nonce);
  });
});
