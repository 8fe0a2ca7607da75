import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  type Address,
  type Hex,
  keccak256,
  parseTransaction,
  recoverTransactionAddress,
  type TransactionSerialized,
} from 'viem';
import {
  formatUserOperation,
  getUserOperationHash,
  type RpcUserOperation,
  type UserOperation,
} from 'viem/account-abstraction';
import { LOCAL_CHAIN_ID } from '@/lib/chains/config';

// A JSON-RPC stand-in in front of a node (anvil) or a bundler (alto): it forwards every call, single or batched,
// except where a rule a test switched on answers instead. It plays the nodes anvil does not imitate: a pool that
// silently ignores (underpriced) transactions, geth's one in-flight transaction per EIP-7702-delegated sender,
// and one-off errors; and a bundler that accepts a user operation and never includes it.

export type RpcError = { code: number; message: string; data?: unknown };

/** A raw transaction the stand-in received, parsed, with its sender and hash. */
export type StandInTransaction = ReturnType<typeof parseTransaction> & { from: Address; hash: Hex };

/** One `eth_sendRawTransaction` the stand-in saw; `forwarded` is false when a rule swallowed or refused it. */
export type SentTransaction = {
  hash: Hex;
  from: Address;
  nonce: number;
  /** `gasPrice` for a legacy transaction. */
  maxFeePerGas: bigint;
  /** `gasPrice` for a legacy transaction. */
  maxPriorityFeePerGas: bigint;
  forwarded: boolean;
};

/** One `eth_sendUserOperation` the stand-in saw (in front of a bundler); `forwarded` is false when swallowed. */
export type SentUserOperation = {
  hash: Hex;
  sender: Address;
  nonce: bigint;
  maxFeePerGas: bigint;
  maxPriorityFeePerGas: bigint;
  callData: Hex;
  forwarded: boolean;
};

export type RpcStandIn = {
  /** `http://127.0.0.1:<port>`: give this instead of the upstream's URL. */
  url: string;
  /**
   * Answers `eth_sendRawTransaction` with the transaction's hash without forwarding it (a pool that drops it
   * silently): every transaction, or those `predicate` picks. `forwardSends()` ends it.
   */
  swallowSends: (predicate?: (tx: StandInTransaction) => boolean) => void;
  forwardSends: () => void;
  /**
   * Geth's rule for EIP-7702-delegated senders, on or off: a send whose nonce is above the sender's mined count
   * (so it would queue behind a pending transaction, or after a gap) is refused with
   * `-32000 in-flight transaction limit reached for delegated accounts`; a send at that count (the first, or a
   * replacement) passes.
   */
  enforceDelegatedInflight: (on?: boolean) => void;
  /**
   * In front of a bundler: answers `eth_sendUserOperation` with the operation's hash without forwarding it (a
   * bundler that accepts it and never includes it): every operation, or those `predicate` picks.
   * `forwardUserOperations()` ends it.
   */
  swallowUserOperations: (predicate?: (op: SentUserOperation) => boolean) => void;
  forwardUserOperations: () => void;
  /** Every `eth_sendUserOperation` seen so far, oldest first. */
  userOperations: () => SentUserOperation[];
  /** Answers the next call of `method` with `error` instead of forwarding it (once). */
  failNext: (method: string, error: RpcError) => void;
  /** Every `eth_sendRawTransaction` seen so far, oldest first. */
  sends: () => SentTransaction[];
  close: () => Promise<void>;
};

type Call = { jsonrpc: '2.0'; id?: unknown; method: string; params?: unknown[] };
type Answer = { jsonrpc: '2.0'; id?: unknown; result?: unknown; error?: RpcError };

export const DELEGATED_INFLIGHT_ERROR: RpcError = {
  code: -32000,
  message: 'in-flight transaction limit reached for delegated accounts',
};

/** The EIP-7702 delegation designator: a delegated account's code is this followed by the delegate's address. */
const DELEGATION_PREFIX = '0xef0100';

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** Starts the stand-in on a free port of 127.0.0.1 in front of `upstreamUrl`. */
export async function startRpcStandIn(upstreamUrl: string): Promise<RpcStandIn> {
  let swallow: ((tx: StandInTransaction) => boolean) | null = null;
  let swallowOperation: ((op: SentUserOperation) => boolean) | null = null;
  const operations: SentUserOperation[] = [];
  let inflightLimit = false;
  const failures: { method: string; error: RpcError }[] = [];
  const sent: SentTransaction[] = [];
  // sends are answered one at a time, so a rule's upstream look-ups and the forward are not interleaved
  let sendQueue: Promise<unknown> = Promise.resolve();

  const upstream = async (call: Call): Promise<Answer> => {
    const res = await fetch(upstreamUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(call),
    });
    return (await res.json()) as Answer;
  };
  const upstreamResult = async <T>(method: string, params: unknown[]): Promise<T> => {
    const answer = await upstream({ jsonrpc: '2.0', id: 0, method, params });
    if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
    return answer.result as T;
  };

  /** Whether geth would refuse this send for its sender's one in-flight slot. */
  const overInflightLimit = async (tx: StandInTransaction) => {
    const [code, mined] = await Promise.all([
      upstreamResult<Hex>('eth_getCode', [tx.from, 'latest']),
      upstreamResult<Hex>('eth_getTransactionCount', [tx.from, 'latest']),
    ]);
    return code.toLowerCase().startsWith(DELEGATION_PREFIX) && (tx.nonce ?? 0) > Number(BigInt(mined));
  };

  const sendRaw = async (call: Call): Promise<Answer> => {
    const raw = call.params?.[0] as TransactionSerialized;
    let tx: StandInTransaction;
    try {
      const from = await recoverTransactionAddress({ serializedTransaction: raw });
      tx = { ...parseTransaction(raw), from, hash: keccak256(raw) };
    } catch {
      return upstream(call); // not a signed transaction: the node words the refusal
    }
    const refused = inflightLimit && (await overInflightLimit(tx));
    const swallowed = !refused && swallow !== null && swallow(tx);
    sent.push({
      hash: tx.hash,
      from: tx.from,
      nonce: tx.nonce ?? 0,
      maxFeePerGas: tx.maxFeePerGas ?? tx.gasPrice ?? 0n,
      maxPriorityFeePerGas: tx.maxPriorityFeePerGas ?? tx.gasPrice ?? 0n,
      forwarded: !refused && !swallowed,
    });
    if (refused) return { jsonrpc: '2.0', id: call.id, error: DELEGATED_INFLIGHT_ERROR };
    if (swallowed) return { jsonrpc: '2.0', id: call.id, result: tx.hash };
    return upstream(call);
  };

  const sendUserOperation = async (call: Call): Promise<Answer> => {
    const [rpcOp, entryPointAddress] = (call.params ?? []) as [RpcUserOperation, Address];
    let op: UserOperation<'0.8'>;
    let hash: Hex;
    try {
      op = formatUserOperation(rpcOp) as UserOperation<'0.8'>;
      hash = getUserOperationHash({
        chainId: LOCAL_CHAIN_ID,
        entryPointAddress,
        entryPointVersion: '0.8',
        userOperation: op,
      });
    } catch {
      return upstream(call); // not a well-formed operation: the bundler words the refusal
    }
    const seen: SentUserOperation = {
      hash,
      sender: op.sender,
      nonce: op.nonce,
      maxFeePerGas: op.maxFeePerGas,
      maxPriorityFeePerGas: op.maxPriorityFeePerGas,
      callData: op.callData,
      forwarded: true,
    };
    seen.forwarded = !(swallowOperation?.(seen) ?? false);
    operations.push(seen);
    return seen.forwarded ? upstream(call) : { jsonrpc: '2.0', id: call.id, result: hash };
  };

  const answer = (call: Call): Promise<Answer> => {
    const failure = failures.findIndex((f) => f.method === call.method);
    if (failure >= 0) {
      const [{ error }] = failures.splice(failure, 1);
      return Promise.resolve({ jsonrpc: '2.0', id: call.id, error });
    }
    if (call.method === 'eth_sendUserOperation') return sendUserOperation(call);
    if (call.method !== 'eth_sendRawTransaction') return upstream(call);
    const next = sendQueue.then(() => sendRaw(call));
    sendQueue = next.catch(() => {});
    return next;
  };

  const server = createServer(async (req, res) => {
    try {
      const body = JSON.parse(await readBody(req)) as Call | Call[];
      const answers = Array.isArray(body) ? await Promise.all(body.map(answer)) : await answer(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answers));
    } catch (error) {
      // a request that is not JSON, or an upstream that does not answer
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    swallowSends: (predicate = () => true) => {
      swallow = predicate;
    },
    forwardSends: () => {
      swallow = null;
    },
    enforceDelegatedInflight: (on = true) => {
      inflightLimit = on;
    },
    swallowUserOperations: (predicate = () => true) => {
      swallowOperation = predicate;
    },
    forwardUserOperations: () => {
      swallowOperation = null;
    },
    userOperations: () => [...operations],
    failNext: (method, error) => {
      failures.push({ method, error });
    },
    sends: () => [...sent],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
