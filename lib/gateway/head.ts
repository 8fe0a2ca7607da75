import { forwardCall } from './forward';
import { chainHealth, type Upstreams } from './health';

/** A poll this recent stands for the head: older, a block may have been mined since. */
const FRESH_HEAD_MS = 1_000;

/**
 * The chain's head block: the health poller's latest block when an upstream was polled within the last second
 * (the highest of those), else one `eth_blockNumber` through the chain's upstreams. Null when none answers.
 * Not a task's request: nothing counts it against a run.
 */
export async function chainHead(chain: Upstreams, now = Date.now()): Promise<bigint | null> {
  const fresh = chainHealth(chain)
    .upstreams.filter(
      (u) => u.blockNumber !== null && u.polledAt !== null && now - u.polledAt < FRESH_HEAD_MS,
    )
    .map((u) => Number(u.blockNumber));
  if (fresh.length > 0) return BigInt(Math.max(...fresh));
  const reply = await forwardCall(chain, 'eth_blockNumber', []);
  if (typeof reply?.result !== 'string') return null;
  try {
    return BigInt(reply.result);
  } catch {
    return null;
  }
}
