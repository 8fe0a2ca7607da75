import { getDb } from '@/db/client';
import { schedulerTick } from '@/lib/executions/scheduler';
import { inngest } from '@/lib/jobs/inngest-client';

/** Ticks per cron minute: every 10 s, so a 30 s interval trigger fires on time. */
export const TICKS_PER_MINUTE = 6;

/**
 * The scheduler on Inngest: a cron function each minute runs the same tick as the embedded ticker six times,
 * ten seconds apart (Inngest's cron resolution is a minute; the shortest interval trigger is 30 s).
 */
export const scheduleTickFunction = inngest.createFunction(
  { id: 'schedule-tick', retries: 0, concurrency: { limit: 1 }, triggers: [{ cron: '* * * * *' }] },
  async ({ step }) => {
    let scheduled = 0;
    for (let tick = 0; tick < TICKS_PER_MINUTE; tick++) {
      if (tick > 0) await step.sleep(`pause-${tick}`, '10s');
      const result = await step.run(`tick-${tick}`, () => schedulerTick(getDb()));
      scheduled += result.scheduled.length;
    }
    return { scheduled };
  },
);
