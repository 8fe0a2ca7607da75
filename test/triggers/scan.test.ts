// The follower's scan and reorg steps against the real database and a fake JSON-RPC upstream whose chain the
// test rewrites: a log from a stale fork (its block hash not the canonical one) is not stored; a log a reorg
// dropped comes back when the chain returns to its fork; a reorg deeper than maxConfirmations is rescanned from
// its lowest changed block; a cursor is forgotten only under the chain's lock, and only when nothing follows it.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainCursors, executables, triggerEvents } from '@/db/schema';
import type { EventTrigger } from '@/db/schema/executables';
import type { ChainConfig } from '@/lib/chains/config';
import { type Cursor, forgetUnfollowedCursor, lockChain } from '@/lib/follower/cursor';
import { followChain } from '@/lib/follower/follower';
import { scanRange } from '@/lib/follower/scan';
import { followerStats } from '@/lib/follower/stats';
import { newId } from '@/lib/ids';
import { exeWorld } from '../support/executables';
import { testDb } from '../support/fixtures';

const ADDRESS = '0x00000000000000000000000000000000000000aa';
const TOPIC = `0x${'11'.repeat(32)}`;
const hash = (fork: string, n: number) => `0x${fork}${n.toString(16).padStart(63, '0')}`;

/** The fake chain: a hash per height, the logs eth_getLogs answers (as given, stale hashes included). */
const fake = {
  head: 100,
  fork: new Map<number, string>(),
  logs: [] as { blockNumber: number; blockHash: string; logIndex: number }[],
  getLogsCalls: 0,
};
const canonical = (n: number) => fake.fork.get(n) ?? hash('a', n);

let server: Server;
let chainId = 0;
let chain: ChainConfig;
let executableId = '';

const trigger = (): EventTrigger => ({
  type: 'event',
  chainId,
  addresses: [ADDRESS],
  event: null,
  topics: [TOPIC],
  confirmations: 0,
});

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { id, method, params } = JSON.parse(body);
      const answer = (result: unknown) => res.end(JSON.stringify({ jsonrpc: '2.0', id, result }));
      res.setHeader('content-type', 'application/json');
      if (method === 'eth_blockNumber') return answer(`0x${fake.head.toString(16)}`);
      if (method === 'eth_getBlockByNumber') {
        const n = Number(params[0]);
        if (n > fake.head) return answer(null);
        return answer({ number: params[0], hash: canonical(n), timestamp: '0x1' });
      }
      if (method === 'eth_getLogs') {
        fake.getLogsCalls += 1;
        const from = Number(params[0].fromBlock);
        const to = Number(params[0].toBlock);
        return answer(
          fake.logs
            .filter((l) => l.blockNumber >= from && l.blockNumber <= to)
            .map((l) => ({
              address: ADDRESS,
              topics: [TOPIC],
              data: '0x',
              blockNumber: `0x${l.blockNumber.toString(16)}`,
              blockHash: l.blockHash,
              transactionHash: `0x${l.blockNumber.toString(16).padStart(64, 'f')}`,
              transactionIndex: '0x0',
              logIndex: `0x${l.logIndex.toString(16)}`,
            })),
        );
      }
      res.end(JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: 'no such method' } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  chainId = 900_000 + (process.pid % 90_000);
  chain = {
    chainId,
    name: 'fake',
    network: 'fake',
    rpcUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    testnet: true,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    explorerUrl: null,
    triggers: { maxConfirmations: 4 },
  };
  // a paused executable to own the events (nothing dispatches them; the scans get their trigger as given)
  const w = await exeWorld();
  executableId = newId('executable');
  await testDb().insert(executables).values({
    id: executableId,
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    functionId: w.functionId,
    profileId: w.profileId,
    name: 'scan-test',
    state: 'paused',
    trigger: trigger(),
  });
});
afterAll(async () => {
  await testDb().delete(chainCursors).where(eq(chainCursors.chainId, chainId));
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const reset = async () => {
  fake.head = 100;
  fake.fork.clear();
  fake.logs = [];
  fake.getLogsCalls = 0;
  await testDb().delete(triggerEvents).where(eq(triggerEvents.executableId, executableId));
  await testDb().delete(chainCursors).where(eq(chainCursors.chainId, chainId));
};

const cursorAt = (n: number): Cursor => ({
  chainId,
  blockNumber: n,
  blockHash: canonical(n),
  headNumber: fake.head,
  updatedAt: new Date(),
});

const scan = (from: number, to: number) =>
  testDb().transaction((tx) =>
    scanRange(tx, chain, cursorAt(from - 1), { from, to, head: fake.head }, [
      { executableId, trigger: trigger() },
    ]),
  );

const events = () =>
  testDb()
    .select({
      blockNumber: triggerEvents.blockNumber,
      blockHash: triggerEvents.blockHash,
      logIndex: triggerEvents.logIndex,
      status: triggerEvents.status,
      dropReason: triggerEvents.dropReason,
    })
    .from(triggerEvents)
    .where(eq(triggerEvents.executableId, executableId))
    .orderBy(triggerEvents.blockNumber, triggerEvents.logIndex);

describe('scanning a range', () => {
  it('a log whose block hash is not the canonical one at its height (a stale fork) is never stored', async () => {
    await reset();
    fake.logs = [
      { blockNumber: 95, blockHash: canonical(95), logIndex: 0 },
      { blockNumber: 97, blockHash: hash('b', 97), logIndex: 1 },
    ];
    expect(await scan(91, 100)).toEqual({ kind: 'moved' });
    expect(fake.getLogsCalls).toBe(3); // read again, then given up for this pass
    expect(await events()).toEqual([]);
    const [cursor] = await testDb().select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
    expect(cursor).toBeUndefined();

    // the upstreams agree again: the range is stored, every log on its canonical block
    fake.logs[1] = { blockNumber: 97, blockHash: canonical(97), logIndex: 1 };
    expect(await scan(91, 100)).toEqual({ kind: 'scanned', to: 100, events: 2 });
    expect((await events()).map((e) => [e.blockNumber, e.blockHash])).toEqual([
      [95, canonical(95)],
      [97, canonical(97)],
    ]);
  });

  it('a log a reorg dropped comes back as waiting when the chain returns to its fork; one dropped for a trigger change does not', async () => {
    await reset();
    fake.logs = [
      { blockNumber: 95, blockHash: canonical(95), logIndex: 0 },
      { blockNumber: 96, blockHash: canonical(96), logIndex: 0 },
    ];
    expect(await scan(91, 100)).toMatchObject({ kind: 'scanned', events: 2 });
    await testDb()
      .update(triggerEvents)
      .set({ status: 'dropped', dropReason: 'reorg' })
      .where(eq(triggerEvents.blockNumber, 95));
    await testDb()
      .update(triggerEvents)
      .set({ status: 'dropped', dropReason: 'trigger_changed' })
      .where(eq(triggerEvents.blockNumber, 96));

    expect(await scan(91, 100)).toMatchObject({ kind: 'scanned', events: 1 });
    expect((await events()).map((e) => [e.blockNumber, e.status, e.dropReason])).toEqual([
      [95, 'waiting', null],
      [96, 'dropped', 'trigger_changed'],
    ]);
  });
});

describe('a reorg', () => {
  it('deeper than maxConfirmations is rescanned from the lowest block whose stored hash changed', async () => {
    await reset();
    // the follower was at 100; events it stored at 93 (run already) and 98 (waiting)
    await testDb()
      .insert(chainCursors)
      .values({ chainId, blockNumber: 100, blockHash: canonical(100), headNumber: 100 });
    await testDb()
      .insert(triggerEvents)
      .values(
        [93, 98].map((n) => ({
          id: newId('triggerEvent'),
          executableId,
          chainId,
          blockNumber: n,
          blockHash: canonical(n),
          logIndex: 0,
          payload: { kind: 'block' as const, blockNumber: n, blockHash: canonical(n), timestamp: 1 },
          status: n === 93 ? ('dispatched' as const) : ('waiting' as const),
          readyAt: n + 10,
        })),
      );
    // a reorg from 92 on: 8 blocks deep, the chain allows 4 confirmations
    for (let n = 92; n <= 102; n++) fake.fork.set(n, hash('c', n));
    fake.head = 102;

    await followChain(testDb(), chain);
    expect(followerStats(chainId).lastReorg).toMatchObject({ atBlock: 100, rescanFrom: 93 });
    expect((await events()).map((e) => [e.blockNumber, e.status])).toEqual([
      [93, 'dispatched'],
      [98, 'dropped'],
    ]);
    const [cursor] = await testDb().select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
    expect(cursor).toMatchObject({ blockNumber: 102, blockHash: hash('c', 102) });
  });
});

describe("a chain's cursor", () => {
  it('is forgotten only under the chain lock, and only while no active trigger follows the chain', async () => {
    await reset();
    const cursorRow = () => testDb().select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
    await testDb()
      .insert(chainCursors)
      .values({ chainId, blockNumber: 100, blockHash: canonical(100), headNumber: 100 });
    // another instance holds the chain's lock (following it now)
    await testDb().transaction(async (tx) => {
      expect(await lockChain(tx, chainId)).toBe(true);
      expect(await forgetUnfollowedCursor(testDb(), chainId)).toBe(false);
    });
    expect(await cursorRow()).toHaveLength(1);
    // a trigger on the chain became active since the caller looked
    await testDb().update(executables).set({ state: 'active' }).where(eq(executables.id, executableId));
    try {
      expect(await forgetUnfollowedCursor(testDb(), chainId)).toBe(false);
      expect(await cursorRow()).toHaveLength(1);
    } finally {
      await testDb().update(executables).set({ state: 'paused' }).where(eq(executables.id, executableId));
    }
    expect(await forgetUnfollowedCursor(testDb(), chainId)).toBe(true);
    expect(await cursorRow()).toEqual([]);
  });
});
