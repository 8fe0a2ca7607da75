import { type ChainConfig, enabledChains } from '@/lib/chains/config';
import { log } from '@/lib/log';
import { gatewayConfig } from './config';
import { rawFetch } from './forward';
import { type ChainHealth, chainHealth, recordAttempt, type UpstreamState } from './health';

// The health poller: every TICKWORK_RPC_HEALTH_INTERVAL_MS (15 s) each upstream of each chain is asked, in one
// batch, for its latest block and `eth_syncing`. A failed poll counts in the error window like a request.

type Reply = { id?: unknown; result?: unknown; error?: unknown };

async function pollUpstream(health: ChainHealth, upstream: UpstreamState, timeoutMs: number) {
  const started = performance.now();
  try {
    const response = await rawFetch(upstream.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: ['latest', false] },
        { jsonrpc: '2.0', id: 2, method: 'eth_syncing', params: [] },
      ]),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const replies = (await response.json()) as Reply[];
    if (!response.ok || !Array.isArray(replies)) throw new Error('no batch answer');
    const block = replies.find((r) => r.id === 1)?.result as
      | { number?: string; timestamp?: string }
      | undefined;
    const syncing = replies.find((r) => r.id === 2);
    if (!block?.number || !syncing || 'error' in syncing) throw new Error('no block or syncing answer');
    upstream.blockNumber = BigInt(block.number);
    upstream.blockTimestamp = block.timestamp ? Number(BigInt(block.timestamp)) : null;
    upstream.syncing = syncing.result !== false;
    upstream.polledAt = Date.now();
    recordAttempt(health, upstream, true, performance.now() - started);
  } catch {
    upstream.syncing = null;
    recordAttempt(health, upstream, false, performance.now() - started);
  }
}

/** One poll of every upstream of the chain (the poller's round; tests call it directly). */
export async function pollChainHealth(chain: ChainConfig): Promise<void> {
  const health = chainHealth(chain);
  const { upstreamTimeoutMs } = gatewayConfig();
  await Promise.all(health.upstreams.map((u) => pollUpstream(health, u, upstreamTimeoutMs)));
  health.polledAt = Date.now();
}

/**
 * Polls a chain that was never polled in this process (discovery, status reads before the first round),
 * waiting at most `waitMs` for it.
 */
export async function ensurePolled(chain: ChainConfig, waitMs = 2_000): Promise<void> {
  if (chainHealth(chain).polledAt !== null) return;
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    pollChainHealth(chain),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, waitMs);
    }),
  ]);
  clearTimeout(timer);
}

const state = globalThis as unknown as { tickworkGatewayPoller?: NodeJS.Timeout };

/** Starts the background poller of this process (an unref'd interval; a round never overlaps the next). */
export function startGatewayHealthPoller() {
  if (state.tickworkGatewayPoller) return;
  let busy = false;
  const round = async () => {
    if (busy) return;
    busy = true;
    try {
      await Promise.all(enabledChains().map(pollChainHealth));
    } catch (error) {
      log.error({ err: error }, 'gateway health poll failed');
    } finally {
      busy = false;
    }
  };
  state.tickworkGatewayPoller = setInterval(round, gatewayConfig().healthIntervalMs);
  state.tickworkGatewayPoller.unref();
  void round();
}

export function stopGatewayHealthPoller() {
  clearInterval(state.tickworkGatewayPoller);
  state.tickworkGatewayPoller = undefined;
}
