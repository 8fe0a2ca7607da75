import { MAX_LOG_BLOCK_RANGE, NO_ACCOUNTS_METHODS, READ_METHODS } from '@/lib/chains/read-methods';
import { forwardJsonRpc } from '@/lib/gateway/forward';
import type { Upstreams } from '@/lib/gateway/health';
import { ChainRequestError, type TaskHost } from './task-types';

// The sandbox's chain: read-only JSON-RPC to the profile's chain. Tasks plan calls, the platform submits
// them, so only the read methods of the allow-list leave; everything else is refused before it does.

const unsupported = () => new ChainRequestError(4200, 'method not supported in tasks');
const invalidParams = (message: string) => new ChainRequestError(-32602, message);

type JsonRpcReply = {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
};

/** Never says why or where: RPC URLs can hold API keys, and transport errors quote them. */
const unavailable = () => new ChainRequestError(-32603, 'the chain RPC is unavailable');

/**
 * Through the RPC gateway's forwarding (lib/gateway/forward.ts): the chain's upstreams with failover, counted
 * in its health window. Providers answer JSON-RPC errors with HTTP errors at times (429 with an error
 * object): the body decides.
 */
async function post(chain: Upstreams, method: string, params: unknown): Promise<JsonRpcReply> {
  const answer = await forwardJsonRpc(
    chain,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  );
  if (answer.ok) {
    const reply: unknown = (() => {
      try {
        return JSON.parse(new TextDecoder().decode(answer.body));
      } catch {
        return null;
      }
    })();
    const success = answer.status >= 200 && answer.status < 300;
    if (typeof reply === 'object' && reply !== null && ('error' in reply || (success && 'result' in reply)))
      return reply as JsonRpcReply;
  }
  throw unavailable();
}

/**
 * The host side of `ctx.chain.request`: one JSON-RPC call to the chain (a config, or a bare RPC URL); rejects
 * with ChainRequestError.
 */
export function chainBridge(
  target: (Upstreams & { logsBlockRange?: number }) | string,
): TaskHost['chainRequest'] {
  const chain = typeof target === 'string' ? { rpcUrl: target } : target;
  const logsRange = BigInt(
    (typeof target === 'string' ? undefined : target.logsBlockRange) ?? MAX_LOG_BLOCK_RANGE,
  );
  const call = async (method: string, params: unknown) => {
    const reply = await post(chain, method, params);
    if (reply.error) {
      const { code, message, data } = reply.error;
      throw new ChainRequestError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : 'the chain RPC answered an error',
        data,
      );
    }
    return reply.result;
  };
  return async (method, params) => {
    if (NO_ACCOUNTS_METHODS.has(method)) return [];
    if (!READ_METHODS.has(method)) throw unsupported();
    if (method === 'eth_getLogs') await checkLogRange(params, call, logsRange);
    return call(method, params);
  };
}

type BlockFilter = { blockHash?: unknown; fromBlock?: unknown; toBlock?: unknown };

/**
 * `eth_getLogs` spans at most `range` blocks: an unbounded range would make one task request scan the whole
 * chain. Tags are resolved to numbers first (one extra read, not counted as the task's). The refusal says what
 * was asked and how to ask instead.
 */
async function checkLogRange(
  params: unknown,
  call: (method: string, params: unknown) => Promise<unknown>,
  range: bigint,
) {
  const filter = Array.isArray(params) ? (params[0] as BlockFilter | undefined) : undefined;
  if (typeof filter !== 'object' || filter === null) throw invalidParams('eth_getLogs takes a filter object');
  if (filter.blockHash !== undefined) return;
  const blockNumber = async (tag: unknown): Promise<bigint> => {
    if (tag === undefined || tag === 'latest' || tag === 'pending')
      return BigInt(String(await call('eth_blockNumber', [])));
    if (tag === 'earliest') return 0n;
    if (tag === 'safe' || tag === 'finalized') {
      const block = (await call('eth_getBlockByNumber', [tag, false])) as { number?: unknown } | null;
      return BigInt(String(block?.number ?? '0x0'));
    }
    if (typeof tag === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(tag)) return BigInt(tag);
    throw invalidParams('eth_getLogs: fromBlock and toBlock are block numbers (hex) or tags');
  };
  const [from, to] = await Promise.all([blockNumber(filter.fromBlock), blockNumber(filter.toBlock)]);
  if (to - from + 1n > range)
    throw invalidParams(
      `eth_getLogs spans at most ${range} blocks in tasks (this one asked ${from}–${to}, ${to - from + 1n} blocks): ask from block ${to - range + 1n > 0n ? to - range + 1n : 0n} on, or in steps of ${range} (keeping the last block read in storage); a deployment whose node serves wider ranges raises the chain's logsBlockRange`,
    );
}
