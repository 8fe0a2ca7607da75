// The chain follower's pure parts and its range splitting, in-process against a fake JSON-RPC upstream that
// refuses ranges over 10 blocks the way providers do ("query returned more than 10000 results").
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventTrigger } from '@/db/schema/executables';
import type { ChainConfig } from '@/lib/chains/config';
import { logMatches, unionFilter } from '@/lib/follower/match';
import { logsIn } from '@/lib/follower/rpc';
import { decodeTriggerLog, eventTopic0, parseEventSignature } from '@/lib/triggers/event-abi';
import { chainTriggerSettings } from '@/lib/triggers/settings';

const A = '0x00000000000000000000000000000000000000aa';
const B = '0x00000000000000000000000000000000000000bb';
const T0 = `0x${'11'.repeat(32)}`;
const T1 = `0x${'22'.repeat(32)}`;
const X = `0x${'33'.repeat(32)}`;

const event = (extra: Partial<EventTrigger>): EventTrigger => ({
  type: 'event',
  chainId: 1,
  addresses: [A],
  event: null,
  topics: [T0],
  confirmations: 0,
  ...extra,
});

describe('matching', () => {
  it('a log matches on one of the addresses (any case) and every constrained topic position', () => {
    const t = event({ addresses: [A.toUpperCase().replace('0X', '0x'), B], topics: [T0, null, [T1, X]] });
    expect(logMatches(t, { address: A, topics: [T0, X, T1] })).toBe(true);
    expect(logMatches(t, { address: B, topics: [T0, T0, X] })).toBe(true);
    expect(logMatches(t, { address: A, topics: [T0, X, T0] })).toBe(false); // topic2 not in the set
    expect(logMatches(t, { address: A, topics: [T0, X] })).toBe(false); // no topic2 at all
    expect(logMatches(t, { address: A, topics: [T1, X, T1] })).toBe(false); // another event
    expect(logMatches(t, { address: `0x${'cc'.repeat(20)}`, topics: [T0, X, T1] })).toBe(false);
  });

  it("one filter covers a chain's triggers: the union of addresses and topic0s", () => {
    const filter = unionFilter([
      { executableId: 'a', trigger: event({ addresses: [A], topics: [T0] }) },
      { executableId: 'b', trigger: event({ addresses: [A, B], topics: [[T1, X]] }) },
      { executableId: 'c', trigger: { type: 'block', chainId: 1, everyBlocks: 1, confirmations: 0 } },
    ]);
    expect(filter?.addresses?.sort()).toEqual([A, B]);
    expect(filter?.topic0?.sort()).toEqual([T0, T1, X].sort());
    expect(
      unionFilter([
        { executableId: 'c', trigger: { type: 'block', chainId: 1, everyBlocks: 1, confirmations: 0 } },
      ]),
    ).toBeNull();
  });

  it('decodes a log with the trigger signature: named args, integers as decimal strings', () => {
    const signature = 'Incremented(address indexed caller, uint256 count)';
    const topic0 = eventTopic0(parseEventSignature(signature));
    const caller = `0x${'0'.repeat(24)}${'ab'.repeat(20)}`;
    const decoded = decodeTriggerLog(signature, {
      topics: [topic0, caller],
      data: `0x${(2n ** 70n).toString(16).padStart(64, '0')}`,
    });
    expect(decoded).toEqual({
      name: 'Incremented',
      args: { caller: expect.stringMatching(/^0x[aA][bB]/), count: (2n ** 70n).toString() },
    });
    expect(decodeTriggerLog(signature, { topics: [topic0], data: '0x' })).toBeUndefined();
  });

  it('per-chain confirmation defaults and maxima, overridable in the chain config', () => {
    expect(chainTriggerSettings({ chainId: 31337 })).toMatchObject({
      defaultConfirmations: 0,
      maxConfirmations: 64,
    });
    expect(chainTriggerSettings({ chainId: 1 })).toMatchObject({
      defaultConfirmations: 12,
      maxConfirmations: 128,
    });
    expect(chainTriggerSettings({ chainId: 8453 })).toMatchObject({
      defaultConfirmations: 2,
      maxConfirmations: 256,
    });
    expect(
      chainTriggerSettings({ chainId: 8453, triggers: { defaultConfirmations: 5, maxConfirmations: 3 } }),
    ).toMatchObject({ defaultConfirmations: 3, maxConfirmations: 3 });
  });
});

describe('eth_getLogs ranges', () => {
  let server: Server;
  let chain: ChainConfig;
  const asked: [number, number][] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        const { id, params } = JSON.parse(body);
        const from = Number(params[0].fromBlock);
        const to = Number(params[0].toBlock);
        asked.push([from, to]);
        res.setHeader('content-type', 'application/json');
        if (to - from + 1 > 10)
          return res.end(
            JSON.stringify({
              jsonrpc: '2.0',
              id,
              error: { code: -32005, message: 'query returned more than 10000 results' },
            }),
          );
        const logs = [];
        for (let n = from; n <= to; n++)
          logs.push({
            address: A,
            topics: [T0],
            data: '0x',
            blockNumber: `0x${n.toString(16)}`,
            blockHash: `0x${n.toString(16).padStart(64, '0')}`,
            transactionHash: `0x${n.toString(16).padStart(64, 'f')}`,
            transactionIndex: '0x0',
            logIndex: '0x0',
          });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: logs }));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    chain = {
      chainId: 999_001,
      name: 'fake',
      network: 'fake',
      rpcUrl: url,
      testnet: true,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      explorerUrl: null,
    };
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('a range the upstream finds too big is halved until it passes; every block comes back once, in order', async () => {
    const logs = await logsIn(chain, 100, 139, { addresses: [A], topic0: [T0] });
    expect(logs.map((l) => Number(l.blockNumber))).toEqual(Array.from({ length: 40 }, (_, i) => 100 + i));
    expect(asked[0]).toEqual([100, 139]);
    expect(asked.every(([f, t]) => t >= f)).toBe(true);
    expect(asked.filter(([f, t]) => t - f + 1 <= 10).length).toBeGreaterThanOrEqual(4);
  });
});
