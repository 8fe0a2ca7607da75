// A chain that does not mine at once (automine off, the test mines and sets each block's base fee), with the
// JSON-RPC stand-in between the app and anvil. Each run ends, exactly one transaction is mined at its nonce, no
// two broadcasts of one run both land, and the profile's next run is not stuck behind it.
import { toHex } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { incidentsOf } from '../support/alerts';
import { patchFacet } from '../support/executables';
import {
  executionRows,
  faultStackWorld,
  nonceOf,
  type PayExe,
  payExe,
  waitForStatus,
  waitUntil,
} from '../support/faults';
import { testDb } from '../support/fixtures';
import { api } from '../support/http';
import { rpc } from '../support/profiles';
import { balanceOf } from '../support/runs';

const INTERVAL_S = 3;
const world = faultStackWorld({
  rpcStandIn: true,
  chain: {
    health: { blockTimeSeconds: 1 },
    fees: { replacementIntervalSeconds: INTERVAL_S, maxReplacements: 3, ttlSeconds: 20 },
  },
});

const gwei = (n: number) => BigInt(Math.round(n * 1e9));
/** What a run's own transactions may bid under a cap of `n` gwei (the rest is the cancellation's). */
const ceilingOfGwei = (n: number) => (gwei(n) * 1000n) / 1125n;

/** Mines one block whose base fee is `baseFee`. */
async function mineAt(baseFee: bigint) {
  await rpc('anvil_setNextBlockBaseFeePerGas', [toHex(baseFee)]);
  await rpc('evm_mine');
}

type BroadcastRow = {
  tx_hash: string;
  kind: string;
  nonce: string;
  state: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  mined_block: string | null;
  send_count: number;
};
const broadcasts = (executionId: string): Promise<BroadcastRow[]> =>
  testDb().$sql`select * from transaction_broadcasts where execution_id = ${executionId} order by id` as any;

const receiptOf = (hash: string) => rpc<any>('eth_getTransactionReceipt', [hash]);

/** Every transaction mined from the account at `nonce` is exactly one, and it is one of `hashes`. */
async function expectOneMinedAt(address: string, nonce: number, hashes: string[]) {
  const mined = [];
  for (const hash of hashes) if (await receiptOf(hash)) mined.push(hash);
  expect(mined).toHaveLength(1);
  const tx = await rpc<any>('eth_getTransactionByHash', [mined[0]]);
  expect(tx.from.toLowerCase()).toBe(address.toLowerCase());
  expect(Number(BigInt(tx.nonce))).toBe(nonce);
  return mined[0];
}

/** Through the gas facet, as a user sets it. */
async function setCap(exe: PayExe, maxFeePerGas: bigint | null) {
  const res = await patchFacet(world.w.token, exe.exe.id, 'gas-mode', {
    gasMode: 'self',
    maxFeePerGas: maxFeePerGas?.toString() ?? null,
  });
  expect(res.status).toBe(200);
}

const executable = async (id: string) =>
  (await api(`/api/v1/executables/${id}`, { token: world.w.token })).body.data;

afterEach(async () => {
  world.stack.rpcStandIn?.forwardSends();
  world.stack.rpcStandIn?.enforceDelegatedInflight(false);
  // interval mining off first: it turns automine off, so automine goes back on last
  await rpc('evm_setIntervalMining', [0]);
  await rpc('evm_setAutomine', [true]);
  await mineAt(gwei(0.1));
});

describe('a transaction the chain does not mine at once', () => {
  it('a fee spike within the cap: re-priced at the same nonce, confirmed, the first hash never mined', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    await setCap(pay, gwei(500));
    const nonce = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    const id = await queue(pay.exe.id);
    await waitForStatus(w.token, id, ['submitted']);
    const [first] = await waitUntil('the first broadcast sent', async () => {
      const rows = await broadcasts(id);
      return rows[0]?.state === 'sent' ? rows : null;
    });
    // the base fee jumps above the first bid: anvil evicts it from its pool
    const spike = BigInt(first.max_fee_per_gas) * 3n;
    await mineAt(spike);
    const rows = await waitUntil('a replacement', async () => {
      const all = await broadcasts(id);
      return all.some((r) => r.kind === 'replacement' && r.state === 'sent') ? all : null;
    });
    const replacement = rows.find((r) => r.kind === 'replacement') as BroadcastRow;
    expect(BigInt(replacement.max_fee_per_gas)).toBeGreaterThanOrEqual(
      (BigInt(first.max_fee_per_gas) * 1125n) / 1000n,
    );
    expect(BigInt(replacement.max_priority_fee_per_gas)).toBeGreaterThanOrEqual(
      (BigInt(first.max_priority_fee_per_gas) * 1125n) / 1000n,
    );
    expect(BigInt(replacement.max_fee_per_gas)).toBeLessThanOrEqual((gwei(500) * 1000n) / 1125n);
    expect(Number(replacement.nonce)).toBe(nonce);
    await mineAt(spike);

    const done = await waitForStatus(w.token, id, ['confirmed', 'failed']);
    expect(done).toMatchObject({ status: 'confirmed', error: null });
    const all = await broadcasts(id);
    const mined = await expectOneMinedAt(
      w.address,
      nonce,
      all.map((r) => r.tx_hash),
    );
    expect(done.txHash).toBe(mined);
    expect(await receiptOf(first.tx_hash)).toBeNull();
    expect(await balanceOf(pay.to)).toBe(pay.wei);
    expect(await nonceOf(w.address)).toBe(nonce + 1);
  });

  it('a spike above the cap: nothing signed, the executable held (alert), then run by itself when fees fall', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    await setCap(pay, gwei(3));
    const nonce = await nonceOf(w.address);
    await mineAt(gwei(20));
    const id = await queue(pay.exe.id);
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed']);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe('fee_cap_exceeded');
    expect(done.error.message).toMatch(/needs a max fee of at least/);
    expect(done.txHash).toBeNull();
    expect(await broadcasts(id)).toEqual([]);
    expect(await nonceOf(w.address)).toBe(nonce);
    const held = await executable(pay.exe.id);
    expect(held.feeHold).toMatchObject({ since: expect.any(String) });
    expect(BigInt(held.feeHold.requiredMaxFeePerGas)).toBeGreaterThan(gwei(3));
    // the scheduler does not fire a held executable
    await testDb().$sql`update executables set next_run_at = now() where id = ${pay.exe.id}`;
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect((await executionRows([pay.exe.id])).length).toBe(1);

    // fees fall: the watcher releases it and the run due at once confirms
    await mineAt(gwei(0.1));
    const next = await waitUntil('a run after the release', async () => {
      const rows = await executionRows([pay.exe.id]);
      return rows.find((r) => r.id !== id && r.status === 'confirmed');
    });
    expect(Number(next.nonce)).toBe(nonce);
    expect((await executable(pay.exe.id)).feeHold).toBeNull();
    expect(await balanceOf(pay.to)).toBe(pay.wei);
  });

  it('a dropped transaction: sent again or re-priced, confirmed once, the nonce used once', async () => {
    const { w, queue } = world;
    const pay = await payExe(w);
    const nonce = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    const id = await queue(pay.exe.id);
    const [first] = await waitUntil('the first broadcast sent', async () => {
      const rows = await broadcasts(id);
      return rows[0]?.state === 'sent' ? rows : null;
    });
    await rpc('anvil_dropTransaction', [first.tx_hash]);
    await waitUntil('a broadcast after the drop', async () => {
      const rows = await broadcasts(id);
      return rows.length > 1 || Number(rows[0].send_count) > 1;
    });
    await rpc('evm_mine');
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed']);
    expect(done.status).toBe('confirmed');
    await expectOneMinedAt(
      w.address,
      nonce,
      (await broadcasts(id)).map((r) => r.tx_hash),
    );
    expect(await nonceOf(w.address)).toBe(nonce + 1);
  });

  it('a chain RPC that hangs while the run is watched: nothing is ended on a missing answer, confirmed once back', async () => {
    const { w, queue, stack } = world;
    const pay = await payExe(w);
    const nonce = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    const id = await queue(pay.exe.id);
    await waitUntil('the first broadcast sent', async () => (await broadcasts(id))[0]?.state === 'sent');
    stack.rpcProxy.cut('blackhole');
    try {
      // longer than a re-pricing interval and a look's deadline: every look of the watcher times out
      await new Promise((resolve) => setTimeout(resolve, (INTERVAL_S + 5) * 1000));
      expect((await executionRows([pay.exe.id]))[0].status).toBe('submitted');
    } finally {
      stack.rpcProxy.restore();
    }
    await rpc('evm_mine');
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed', 'submitted_unknown'], 90_000);
    expect(done).toMatchObject({ status: 'confirmed', error: null });
    await expectOneMinedAt(
      w.address,
      nonce,
      (await broadcasts(id)).map((r) => r.tx_hash),
    );
    expect(await nonceOf(w.address)).toBe(nonce + 1);
  });

  it('a transaction no pool keeps until its time-to-live: cancelled, and the next run goes ahead', async () => {
    const { w, queue, stack } = world;
    const [stuck, next] = await Promise.all([payExe(w), payExe(w)]);
    const nonce = await nonceOf(w.address);
    // a pool that drops the run's batches but takes the plain self-transfer
    stack.rpcStandIn?.swallowSends((tx) => tx.data !== undefined && tx.data !== '0x');
    const id = await queue(stuck.exe.id);
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed', 'submitted_unknown'], 90_000);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe('transaction_cancelled');
    const rows = await broadcasts(id);
    expect(rows.at(-1)).toMatchObject({ kind: 'cancellation' });
    expect(rows.filter((r) => r.kind === 'replacement').length).toBeLessThanOrEqual(3);
    const cleared = await expectOneMinedAt(
      w.address,
      nonce,
      rows.map((r) => r.tx_hash),
    );
    expect(cleared).toBe(rows.at(-1)?.tx_hash);
    expect(await balanceOf(stuck.to)).toBe(0n);

    stack.rpcStandIn?.forwardSends();
    const after = await queue(next.exe.id);
    expect(await waitForStatus(w.token, after, ['confirmed', 'failed'])).toMatchObject({
      status: 'confirmed',
    });
    expect(await nonceOf(w.address)).toBe(nonce + 2);
  });

  it('a foreign transaction from the same key takes the nonce: the run fails transaction_dropped, never confirmed', async () => {
    const { w, queue } = world;
    const [taken, next] = await Promise.all([payExe(w), payExe(w)]);
    const nonce = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    const id = await queue(taken.exe.id);
    const [first] = await waitUntil('the first broadcast sent', async () => {
      const rows = await broadcasts(id);
      return rows[0]?.state === 'sent' ? rows : null;
    });
    await rpc('anvil_impersonateAccount', [w.address]);
    try {
      await rpc('eth_sendTransaction', [
        {
          from: w.address,
          to: w.address,
          value: '0x0',
          nonce: toHex(nonce),
          maxFeePerGas: toHex(BigInt(first.max_fee_per_gas) * 2n),
          maxPriorityFeePerGas: toHex(BigInt(first.max_priority_fee_per_gas) * 2n),
        },
      ]);
    } finally {
      await rpc('anvil_stopImpersonatingAccount', [w.address]);
    }
    await rpc('evm_mine');
    const done = await waitForStatus(w.token, id, ['confirmed', 'failed', 'submitted_unknown']);
    expect(done.status).toBe('failed');
    expect(done.error.code).toBe('transaction_dropped');
    expect(await receiptOf(first.tx_hash)).toBeNull();
    expect(await balanceOf(taken.to)).toBe(0n);

    await rpc('evm_setAutomine', [true]);
    const after = await queue(next.exe.id);
    expect(await waitForStatus(w.token, after, ['confirmed', 'failed'])).toMatchObject({
      status: 'confirmed',
    });
    expect(await nonceOf(w.address)).toBe(nonce + 2);
  });

  it('a cancellation the cap keeps out: submitted_unknown, the account blocked and alerted, cleared when fees fall', async () => {
    const { w, queue } = world;
    const [stuck, waiting, after] = await Promise.all([payExe(w), payExe(w), payExe(w)]);
    await setCap(stuck, gwei(3));
    const rule = await api('/api/v1/alert-rules', {
      method: 'POST',
      token: w.token,
      body: { projectId: w.projectId, kind: 'nonce_blocked' },
    });
    expect(rule.status).toBe(201);
    const nonce = await nonceOf(w.address);
    await rpc('evm_setAutomine', [false]);
    const id = await queue(stuck.exe.id);
    await waitUntil('the first broadcast sent', async () => (await broadcasts(id))[0]?.state === 'sent');
    // the base fee jumps over the cap and stays there: nothing of the run can be mined, not even its cancellation
    await mineAt(gwei(10));
    const unknown = await waitForStatus(w.token, id, ['submitted_unknown', 'confirmed', 'failed'], 90_000);
    expect(unknown.status).toBe('submitted_unknown');
    expect(unknown.error.code).toBe('cancellation_pending');
    const rows = await broadcasts(id);
    const cancellation = rows.find((r) => r.kind === 'cancellation') as BroadcastRow;
    expect(BigInt(cancellation.max_fee_per_gas)).toBeLessThanOrEqual(gwei(3));
    for (const row of rows.filter((r) => r.kind !== 'cancellation'))
      expect(BigInt(row.max_fee_per_gas)).toBeLessThanOrEqual(ceilingOfGwei(3));
    const incidents = await incidentsOf(w.projectId);
    expect(incidents.filter((i) => i.kind === 'nonce_blocked' && i.state === 'open')).toHaveLength(1);

    // another executable of the profile does not queue behind it: it waits, then says why
    const blocked = await queue(waiting.exe.id);
    const refused = await waitForStatus(w.token, blocked, ['confirmed', 'failed']);
    expect(refused.error.code).toBe('nonce_blocked');
    expect(refused.error.message).toContain(id);
    expect(
      await testDb().$sql`select 1 from transaction_broadcasts where execution_id = ${blocked}`,
    ).toHaveLength(0);

    // fees fall: the cancellation gets in, the run ends, the account is free
    await mineAt(gwei(0.1));
    await waitUntil('the cancellation sent again', async () => {
      const cancel = (await broadcasts(id)).find((r) => r.kind === 'cancellation');
      return cancel?.state === 'sent';
    });
    await rpc('evm_mine');
    const ended = await waitForStatus(w.token, id, ['confirmed', 'failed']);
    expect(ended.error.code).toBe('transaction_cancelled');
    expect(await nonceOf(w.address)).toBe(nonce + 1);
    await rpc('evm_setAutomine', [true]);
    const next = await queue(after.exe.id);
    expect(await waitForStatus(w.token, next, ['confirmed', 'failed'])).toMatchObject({
      status: 'confirmed',
    });
    expect(await nonceOf(w.address)).toBe(nonce + 2);
  });

  it('two app instances watching one run: one chain of replacements, never two at a step, one ending', async () => {
    const { w, queue, stack } = world;
    const second = await stack.startApp();
    try {
      const pay = await payExe(w);
      const nonce = await nonceOf(w.address);
      await rpc('evm_setAutomine', [false]);
      // no pool keeps the run's transactions: both instances see it unmined at every look
      stack.rpcStandIn?.swallowSends((tx) => tx.data !== undefined && tx.data !== '0x');
      const id = await queue(pay.exe.id);
      const rows = await waitUntil(
        'three replacements',
        async () => {
          const all = await broadcasts(id);
          return all.filter((r) => r.kind === 'replacement').length >= 3 ? all : null;
        },
        90_000,
      );
      // each step re-priced the one before it by 12.5 %: two instances replacing at once would leave two rows
      // bid from the same predecessor
      const bids = rows.filter((r) => r.kind !== 'cancellation').map((r) => BigInt(r.max_fee_per_gas));
      for (let k = 1; k < bids.length; k++)
        expect(bids[k]).toBeGreaterThanOrEqual((bids[k - 1] * 1125n) / 1000n);
      expect(new Set(rows.map((r) => r.max_fee_per_gas)).size).toBe(rows.length);
      const sent = stack.rpcStandIn?.sends().filter((s) => rows.some((r) => r.tx_hash === s.hash)) ?? [];
      // every transaction sent was one of the run's rows, each sent at least once (one signed at the snapshot
      // may have been sent since)
      const sentHashes = new Set(sent.map((s) => s.hash));
      for (const row of rows.filter((r) => r.state === 'sent'))
        expect(sentHashes.has(row.tx_hash as `0x${string}`)).toBe(true);

      stack.rpcStandIn?.forwardSends();
      await rpc('evm_setAutomine', [true]);
      const done = await waitForStatus(w.token, id, ['confirmed', 'failed'], 90_000);
      expect(['confirmed', 'failed']).toContain(done.status);
      if (done.status === 'failed') expect(done.error.code).toBe('transaction_cancelled');
      await expectOneMinedAt(
        w.address,
        nonce,
        (await broadcasts(id)).map((r) => r.tx_hash),
      );
      expect(await nonceOf(w.address)).toBe(nonce + 1);
      const [{ n }] = await testDb()
        .$sql`select count(*)::int as n from executions where id = ${id} and finished_at is not null`;
      expect(n).toBe(1);
    } finally {
      await second.kill('SIGKILL');
    }
  });

  it('one transaction in flight per account: runs of two executables take turns, none sent behind another', async () => {
    const { w, queue, stack } = world;
    const pays = await Promise.all([payExe(w), payExe(w), payExe(w)]);
    const nonce = await nonceOf(w.address);
    const seen = stack.rpcStandIn?.sends().length ?? 0;
    stack.rpcStandIn?.enforceDelegatedInflight(true);
    await rpc('evm_setIntervalMining', [1]);
    const ids = await Promise.all(pays.map((p) => queue(p.exe.id)));
    for (const id of ids)
      expect(await waitForStatus(w.token, id, ['confirmed', 'failed'])).toMatchObject({
        status: 'confirmed',
      });
    const refused = stack.rpcStandIn
      ?.sends()
      .slice(seen)
      .filter((s) => !s.forwarded && s.from.toLowerCase() === w.address.toLowerCase());
    expect(refused).toEqual([]);
    const rows = await executionRows(pays.map((p) => p.exe.id));
    expect(rows.map((r) => Number(r.nonce)).sort((a, b) => a - b)).toEqual([nonce, nonce + 1, nonce + 2]);
    expect(await nonceOf(w.address)).toBe(nonce + 3);
  });
});
