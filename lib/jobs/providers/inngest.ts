import type { InngestFunction } from 'inngest';
import { getDb } from '@/db/client';
import { EVENT_JOBS, PERIODIC_JOBS, type PeriodicJob } from '../catalog';
import { inngest } from '../inngest-client';
import { JOB_EVENT_NAMES, type JobEvent } from '../payloads';
import { runWorkflow } from '../run-workflow';
import type { Step } from '../workflow';

// The Inngest job provider, built from the catalog: a function per event job and per periodic job, served at
// /api/inngest. Ids, concurrency keys and step ids are the catalog's, so runs in flight survive a deploy.

type InngestStep = { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown> };

/** Inngest's memoizing step runner behind the workflow's `Step` (step results are JSON values either way). */
const workflowStep = (step: InngestStep): Step => ({
  run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as Promise<T>,
});

/** The event's job on Inngest: the same workflow the embedded queue runs, one memoized step per stage. */
function eventFunction(event: JobEvent) {
  const job = EVENT_JOBS[event];
  return inngest.createFunction(
    {
      id: job.functionId,
      retries: job.retries,
      concurrency: { key: `event.data.${job.concurrencyKey}`, limit: 1 },
      triggers: [{ event }],
    },
    async ({ event: received, step }) => runWorkflow(event, received.data, { step: workflowStep(step) }),
  );
}

/**
 * The periodic job on Inngest: each cron firing runs it `runsPerCron` times, `pause` apart, one at a time
 * (concurrency 1). Answers the last run's result.
 */
function periodicFunction(job: PeriodicJob) {
  return inngest.createFunction(
    {
      id: job.id,
      retries: job.retries,
      concurrency: { limit: 1 },
      triggers: [{ cron: job.cron }],
    },
    async ({ step }) => {
      const results: unknown[] = [];
      for (let n = 0; n < job.runsPerCron; n++) {
        if (n > 0) await step.sleep(`pause-${n}`, job.pause ?? '1s');
        const id = job.runsPerCron === 1 ? job.step : `${job.step}-${n}`;
        results.push(await step.run(id, () => job.run(getDb()) as Promise<never>));
      }
      return job.runsPerCron === 1 ? results[0] : { runs: results.length };
    },
  );
}

/** Every Inngest function, by id. */
export const INNGEST_FUNCTIONS: Record<string, InngestFunction.Any> = Object.fromEntries([
  ...JOB_EVENT_NAMES.map((event) => [EVENT_JOBS[event].functionId, eventFunction(event)] as const),
  ...PERIODIC_JOBS.map((job) => [job.id, periodicFunction(job)] as const),
]);

/** Every Inngest function, served at /api/inngest. */
export const inngestFunctions = Object.values(INNGEST_FUNCTIONS);
