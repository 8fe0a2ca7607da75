import type { ChainConfig } from '@/lib/chains/config';
import { forwardCall } from '@/lib/gateway/forward';

// The follower's chain reads, through the RPC gateway's upstreams (best first, failover on errors): not a
// task's requests, so nothing counts them against a run.

export class ChainReadError extends Error {
  constructor(
    message: string,
    readonly rpcCode?: unknown,
  ) {
    super(message);
    this.name = 'ChainReadError';
  }
}

export type RpcLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: string;
  blockHash: string;
  transactionHash: string;
  transactionIndex: string;
  logIndex: string;
  removed?: boolean;
};

export type BlockHeader = { number: number; hash: string; timestamp: number };

async function call<T>(chain: ChainConfig, method: string, params: unknown[]): Promise<T> {
  const reply = await forwardCall(chain, method, params);
  if (!reply) throw new ChainReadError(`${method}: no upstream of chain ${chain.chainId} answered`);
  if (reply.error)
    throw new ChainReadError(`${method}: ${String(reply.error.message ?? 'error')}`, reply.error.code);
  return reply.result as T;
}

const hex = (n: number) => `0x${n.toString(16)}`;

export async function headNumber(chain: ChainConfig): Promise<number> {
  return Number(BigInt(await call<string>(chain, 'eth_blockNumber', [])));
}

/** The canonical block at `number` (header only), or null when the chain has none there (yet). */
export async function blockAt(chain: ChainConfig, number: number): Promise<BlockHeader | null> {
  const block = await call<{ number: string; hash: string; timestamp: string } | null>(
    chain,
    'eth_getBlockByNumber',
    [hex(number), false],
  );
  if (!block) return null;
  return {
    number: Number(BigInt(block.number)),
    hash: block.hash.toLowerCase(),
    timestamp: Number(BigInt(block.timestamp)),
  };
}

export type LogFilter = { addresses: string[] | null; topic0: string[] | null };

/** Answers that say the range or its result was too big: the follower halves the range and asks again. */
const TOO_BIG = /too many|limit|exceed|range|response size|query returned more than|block range|-32005/i;

/**
 * `eth_getLogs` over [from, to] with `filter`, halving the range (recursively) when the upstream says the answer
 * would be too big. Logs come back in chain order.
 */
export async function logsIn(
  chain: ChainConfig,
  from: number,
  to: number,
  filter: LogFilter,
): Promise<RpcLog[]> {
  try {
    const logs = await call<RpcLog[]>(chain, 'eth_getLogs', [
      {
        fromBlock: hex(from),
        toBlock: hex(to),
        ...(filter.addresses && { address: filter.addresses }),
        ...(filter.topic0 && { topics: [filter.topic0] }),
      },
    ]);
    return logs.filter((l) => !l.removed);
  } catch (error) {
    const big = error instanceof ChainReadError && TOO_BIG.test(`${error.message} ${String(error.rpcCode)}`);
    if (!big || from >= to) throw error;
    const mid = Math.floor((from + to) / 2);
    return [...(await logsIn(chain, from, mid, filter)), ...(await logsIn(chain, mid + 1, to, filter))];
  }
}
