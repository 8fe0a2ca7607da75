import { getDb } from '@/db/client';
import { inngest } from '@/lib/jobs/inngest-client';
import { followChainsTick } from '@/lib/triggers/follower';

/** Follower ticks per cron minute: every 5 s (Inngest's cron resolution is a minute). */
export const FOLLOWER_TICKS_PER_MINUTE = 12;

/**
 * The chain follower on Inngest: a cron function each minute runs the embedded ticker's tick twelve times, five
 * seconds apart (one at a time: concurrency 1; the chains' advisory locks would keep two apart anyway).
 */
export const followChainsFunction = inngest.createFunction(
  { id: 'follow-chains', retries: 0, concurrency: { limit: 1 }, triggers: [{ cron: '* * * * *' }] },
  async ({ step }) => {
    let dispatched = 0;
    for (let tick = 0; tick < FOLLOWER_TICKS_PER_MINUTE; tick++) {
      if (tick > 0) await step.sleep(`pause-${tick}`, '5s');
      const result = await step.run(`tick-${tick}`, () => followChainsTick(getDb()));
      dispatched += result.dispatched;
    }
    return { dispatched };
  },
);
