import { getDb } from '@/db/client';
import { log } from '@/lib/log';
import { followChainsTick } from '@/lib/triggers/follower';

/** How often the embedded chain follower ticks (`TICKWORK_FOLLOWER_TICK_MS`, default 1 s). */
export const FOLLOWER_TICK_MS = Number(process.env.TICKWORK_FOLLOWER_TICK_MS) || 1_000;

const state = globalThis as unknown as { tickworkFollower?: NodeJS.Timeout };

/**
 * The embedded provider's chain follower (lib/triggers): a tick every second in the server process, never two at
 * once in a process; several processes may tick together (each chain's advisory lock lets one follow it, and
 * the dispatch is exactly-once by its keys). `TICKWORK_FOLLOWER=off` turns it off. With Inngest, the
 * `follow-chains` cron function runs the same tick.
 */
export function startFollowerTicker() {
  if (state.tickworkFollower || process.env.TICKWORK_FOLLOWER === 'off') return;
  let busy = false;
  state.tickworkFollower = setInterval(async () => {
    if (busy) return;
    busy = true;
    try {
      await followChainsTick(getDb());
    } catch (error) {
      log.error({ err: error }, 'chain follower tick failed');
    } finally {
      busy = false;
    }
  }, FOLLOWER_TICK_MS);
  state.tickworkFollower.unref();
}

export function stopFollowerTicker() {
  clearInterval(state.tickworkFollower);
  state.tickworkFollower = undefined;
}
