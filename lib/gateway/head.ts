import { forwardCall } from './forward';
import type { Upstreams } from './health';

/**
 * The chain's head block now: one `eth_blockNumber` through the chain's upstreams (the health poller's last block
 * can be a second old, and a replay forked there would miss what the run read). Null when none answers.
 * Not a task's request: nothing counts it against a run.
 */
export async function chainHead(chain: Upstreams): Promise<bigint | null> {
  const reply = await forwardCall(chain, 'eth_blockNumber', []);
  if (typeof reply?.result !== 'string') return null;
  try {
    return BigInt(reply.result);
  } catch {
    return null;
  }
}
