// Where a run's transactions go: the chain's private transaction endpoint (Flashbots-Protect-style: it takes
// eth_sendRawTransaction and never gossips, so nobody sees the transaction before it is mined) or the chain's
// public RPC and its mempool. docs/executions.md#private-submission
import type { PublicClient } from 'viem';
import type { BroadcastRoute, PrivateSubmissionMode } from '@/db/enums';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { SubmissionError } from './types';

/** Flashbots Protect's own wait before it gives a transaction up: about five minutes of Ethereum blocks. */
const DEFAULT_FALLBACK_BLOCKS = 25;

export type SubmissionRoute = {
  route: BroadcastRoute;
  /** Sent privately: the blocks after which it also goes to the public mempool (null: never). */
  fallbackAfterBlocks: number | null;
};

/** The route of a run of an executable in `mode` on `chain`; `only` on a chain without an endpoint is refused. */
export function submissionRouteOf(chain: ChainConfig, mode: PrivateSubmissionMode): SubmissionRoute {
  const endpoint = chain.privateSubmission;
  if (mode === 'off' || (mode === 'auto' && !endpoint)) return { route: 'public', fallbackAfterBlocks: null };
  if (!endpoint)
    throw new SubmissionError(
      'private_submission_unavailable',
      `the executable sends only through a private endpoint, and chain ${chain.chainId} names none`,
    );
  const fallback = mode === 'auto' && endpoint.fallback !== false;
  return {
    route: 'private',
    fallbackAfterBlocks: fallback ? (endpoint.fallbackAfterBlocks ?? DEFAULT_FALLBACK_BLOCKS) : null,
  };
}

/** The client that sends along `route` (reads always go to the public RPC). */
export function routeClient(
  chain: ChainConfig,
  route: BroadcastRoute,
  opts: { timeoutMs?: number } = {},
): PublicClient {
  if (route === 'public') return publicClientFor(chain, opts);
  const endpoint = chain.privateSubmission;
  if (!endpoint)
    throw new SubmissionError(
      'private_submission_unavailable',
      `chain ${chain.chainId} no longer names a private transaction endpoint`,
    );
  return publicClientFor({ ...chain, rpcUrl: endpoint.rpcUrl }, opts);
}
