import type { DbOrTx } from '@/db/client';
import { type ChainConfig, enabledChains } from '@/lib/chains/config';
import { CHAIN_LATENCY_WINDOW_MS, chainLatency, emptyChainLatency } from '@/lib/executions/chain-latency';
import { ADHERENCE_TOLERANCE_MS } from '@/lib/executions/latency';
import { chainHealth, chainStatus } from '@/lib/gateway/health';
import { ensurePolled } from '@/lib/gateway/poller';
import { publicChainStatus } from './chain-status';
import type { PublicChain, PublicStatus } from './schemas';

/** How long one snapshot answers every request of this process: one aggregate query a minute at most. */
export const PUBLIC_STATUS_CACHE_MS = 60_000;

/** The chain's public status, from this process's health record of it (the console's, plus `down`). */
function statusOf(chain: ChainConfig) {
  const health = chainHealth(chain);
  return publicChainStatus(chainStatus(chain), {
    polled: health.polledAt !== null,
    answered: health.upstreams.filter((u) => u.syncing !== null).length,
  });
}

/** Every enabled chain's status and figures, read now (a chain never polled in this process is polled first). */
async function readPublicStatus(db: DbOrTx, now = new Date()): Promise<PublicStatus> {
  const configs = enabledChains();
  const [figures] = await Promise.all([
    chainLatency(
      db,
      configs.map((c) => c.chainId),
      now,
    ),
    ...configs.map((chain) => ensurePolled(chain)),
  ]);
  const chains = configs.map((chain): PublicChain => {
    const f = figures.get(chain.chainId) ?? emptyChainLatency();
    return {
      chainId: chain.chainId,
      name: chain.name,
      network: chain.network,
      testnet: chain.testnet,
      ...statusOf(chain),
      triggerToConfirmed: f.confirmed,
      adherence: f.adherence,
    };
  });
  return {
    generatedAt: now.toISOString(),
    windowHours: CHAIN_LATENCY_WINDOW_MS / 3_600_000,
    adherenceToleranceMs: ADHERENCE_TOLERANCE_MS,
    chains,
  };
}

type Cached = { at: number; value: Promise<PublicStatus> };
const state = globalThis as unknown as { tickworkPublicStatus?: Cached };

/**
 * The public status, at most PUBLIC_STATUS_CACHE_MS old: per process, shared by the page and the JSON route, and
 * read once however many requests arrive while it is being read. A failed read is not kept.
 */
export function publicStatus(db: DbOrTx, now = Date.now()): Promise<PublicStatus> {
  const cached = state.tickworkPublicStatus;
  if (cached && now - cached.at < PUBLIC_STATUS_CACHE_MS) return cached.value;
  const entry: Cached = { at: now, value: readPublicStatus(db, new Date(now)) };
  state.tickworkPublicStatus = entry;
  entry.value.catch(() => {
    if (state.tickworkPublicStatus === entry) state.tickworkPublicStatus = undefined;
  });
  return entry.value;
}
