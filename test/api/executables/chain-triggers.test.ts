// Event and block triggers through the API: validated on create and on the trigger facet (400 invalid_trigger),
// stored normalised (checksummed addresses, topic0 from the event signature, the chain's default
// confirmations), never scheduled: the scheduler leaves them alone even with a due next_run_at.
import { getAddress, toEventSelector } from 'viem';
import { describe, expect, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { activeExe, createExe, exeBody, exeRow, exeWorld, patchFacet } from '../../support/executables';
import { expectError } from '../../support/expect';
import { newAddress, testDb } from '../../support/fixtures';

const TRANSFER = 'Transfer(address indexed from, address indexed to, uint256 value)';
const TOPIC = `0x${'ab'.repeat(32)}`;
const counter = LOCAL_DEMO_CONTRACTS.counter;

describe('event and block triggers: validation', () => {
  it('bad event and block triggers → 400 invalid_trigger', async () => {
    const w = await exeWorld();
    const bad: Record<string, unknown>[] = [
      { type: 'event', chainId: 999_999, addresses: [counter], event: TRANSFER },
      { type: 'event', addresses: ['0x1234'], event: TRANSFER },
      { type: 'event', addresses: [counter.toLowerCase().replace('0xd8', '0xD8')], event: TRANSFER }, // bad checksum
      { type: 'event', addresses: Array.from({ length: 21 }, () => newAddress()), event: TRANSFER },
      { type: 'event', addresses: [counter], event: 'Transfer(address from' },
      { type: 'event', addresses: [counter], event: 'function transfer(address,uint256)' },
      { type: 'event', addresses: [counter] },
      { type: 'event', addresses: [], event: TRANSFER },
      { type: 'event', addresses: [counter], topics: [TOPIC, null, null, null, null] },
      { type: 'event', addresses: [counter], topics: [null, TOPIC] },
      { type: 'event', addresses: [counter], topics: ['0x1234'] },
      { type: 'event', addresses: [counter], event: TRANSFER, topics: [TOPIC] },
      { type: 'event', addresses: [counter], event: TRANSFER, confirmations: 65 },
      { type: 'event', addresses: [counter], event: TRANSFER, confirmations: -1 },
      { type: 'block', everyBlocks: 0 },
      { type: 'block', everyBlocks: 10_001 },
      { type: 'block', chainId: 1 },
    ];
    for (const trigger of bad) {
      const res = await createExe(w.token, exeBody(w, { trigger }));
      expect(res.status, JSON.stringify(trigger)).toBe(400);
      expectError(res, 400, 'invalid_trigger');
    }
  });

  it('malformed ones (no addresses field, extra fields, a fractional everyBlocks) → 400 invalid_request', async () => {
    const w = await exeWorld();
    for (const trigger of [
      { type: 'event', event: TRANSFER },
      { type: 'event', addresses: [counter], event: TRANSFER, extra: 1 },
      { type: 'block', everyBlocks: 1.5 },
    ])
      expectError(await createExe(w.token, exeBody(w, { trigger })), 400, 'invalid_request');
  });

  it('a valid event trigger is stored normalised and never scheduled; the facet switches between kinds', async () => {
    const w = await exeWorld();
    const exe = await activeExe(w, {
      trigger: {
        type: 'event',
        addresses: [counter.toLowerCase()],
        event: `event ${TRANSFER}`,
        topics: [null, null, TOPIC],
      },
    });
    expect(exe.trigger).toEqual({
      type: 'event',
      chainId: 31337,
      addresses: [getAddress(counter)],
      event: TRANSFER,
      topics: [toEventSelector(`event ${TRANSFER}`), null, TOPIC],
      confirmations: 0,
    });
    expect((await exeRow(exe.id)).next_run_at).toBeNull();

    const interval = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: { type: 'interval', intervalMs: 60_000 },
    });
    expect(interval.status).toBe(200);
    expect((await exeRow(exe.id)).next_run_at).not.toBeNull();
    const block = await patchFacet(w.token, exe.id, 'trigger', {
      trigger: { type: 'block', everyBlocks: 5 },
    });
    expect(block.status).toBe(200);
    expect(block.body.data.trigger).toEqual({
      type: 'block',
      chainId: 31337,
      everyBlocks: 5,
      confirmations: 0,
    });
    expect((await exeRow(exe.id)).next_run_at).toBeNull();
    expectError(
      await patchFacet(w.token, exe.id, 'trigger', { trigger: { type: 'block', confirmations: 100 } }),
      400,
      'invalid_trigger',
    );
  });

  it('the scheduler never fires an event-triggered executable, even with a due next_run_at', async () => {
    const w = await exeWorld();
    // a contract address nothing emits from: the follower never runs it either
    const event = await activeExe(w, {
      trigger: { type: 'event', addresses: [newAddress()], topics: [TOPIC] },
    });
    const clock = await activeExe(w, { trigger: { type: 'interval', intervalMs: 3_600_000 } });
    const past = new Date(Date.now() - 60_000).toISOString();
    await testDb()
      .$sql`update executables set next_run_at = ${past}::timestamptz where id in ${testDb().$sql([event.id, clock.id])}`;
    // once the scheduler has fired the interval one (its tick came after the update), the event one was due too
    const started = Date.now();
    let fired = 0;
    while (Date.now() - started < 30_000 && fired === 0) {
      [{ n: fired }] = await testDb().$sql<{ n: number }[]>`
        select count(*)::int as n from executions where executable_id = ${clock.id} and trigger = 'schedule'`;
      if (fired === 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(fired).toBe(1);
    const [{ n }] = await testDb().$sql<{ n: number }[]>`
      select count(*)::int as n from executions where executable_id = ${event.id}`;
    expect(n).toBe(0);
  });
});
