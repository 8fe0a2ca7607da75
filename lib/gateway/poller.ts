import { type ChainConfig, enabledChains } from '@/lib/chains/config';
import { log } from '@/lib/log';
import { gatewayConfig } from './config';
import { rawFetch } from './forward';
import { type ChainHealth, chainHealth, recordAttempt, type UpstreamState } from './health';
import { postJson } from './upstream-client';

// The health poller: every TICKWORK_RPC_HEALTH_INTERVAL_MS (15 s) each upstream of each chain is asked, in one
// batch, for its latest block and `eth_syncing`, and, at the same time, for one cheap state read under a short
// deadline (TICKWORK_RPC_HEALTH_STATE_READ_TIMEOUT_MS, 2 s): a wedged node still answers its head from memory
// but not state. A failed poll or state read counts in the error window like a request.

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
      | { number?: string; timestamp?: string; gasLimit?: string }
      | undefined;
    const syncing = replies.find((r) => r.id === 2);
    if (!block?.number || !syncing || 'error' in syncing) throw new Error('no block or syncing answer');
    upstream.blockNumber = BigInt(block.number);
    upstream.blockTimestamp = block.timestamp ? Number(BigInt(block.timestamp)) : null;
    upstream.syncing = syncing.result !== false;
    upstream.polledAt = Date.now();
    if (block.gasLimit) health.blockGasLimit = BigInt(block.gasLimit);
    recordAttempt(health, upstream, true, performance.now() - started);
  } catch {
    upstream.syncing = null;
    recordAttempt(health, upstream, false, performance.now() - started);
  }
}

const STATE_READ = JSON.stringify({
  jsonrpc: '2.0',
  id: 1,
  method: 'eth_getBalance',
  params: ['0x0000000000000000000000000000000000000000', 'latest'],
});

/** One state read (the zero address's balance): answered with a quantity within the deadline, or failed. */
async function readState(health: ChainHealth, upstream: UpstreamState, timeoutMs: number) {
  const started = performance.now();
  let ok = false;
  try {
    const answer = await postJson(upstream.url, STATE_READ, timeoutMs);
    const reply = JSON.parse(Buffer.from(answer.body).toString('utf8')) as Reply;
    ok = answer.status === 200 && typeof reply.result === 'string';
  } catch {
    // no answer in time, the connection failed, or not JSON
  }
  upstream.stateReadOk = ok;
  recordAttempt(health, upstream, ok, performance.now() - started);
}

/** One poll of every upstream of the chain (the poller's round; tests call it directly). */
export async function pollChainHealth(chain: ChainConfig): Promise<void> {
  const health = chainHealth(chain);
  const { upstreamTimeoutMs, healthStateReadTimeoutMs } = gatewayConfig();
  await Promise.all(
    health.upstreams.flatMap((u) => [
      pollUpstream(health, u, upstreamTimeoutMs),
      readState(health, u, healthStateReadTimeoutMs),
    ]),
  );
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
