import { type Runner, run, type TaskList } from 'graphile-worker';
import { getDb } from '@/db/client';
import { log } from '@/lib/log';
import { PERIODIC_JOBS, type PeriodicJob } from '../catalog';
import { embeddedQueueUrl, quietLogger, releaseEmbeddedQueue } from '../embedded-queue';
import { JOB_EVENT_NAMES, type JobEvent } from '../payloads';
import { jobProvider } from '../port';
import { runWorkflow } from '../run-workflow';
import { directStep } from '../workflow';

// The embedded job provider, built from the catalog: a graphile-worker task per event job, and one loop that
// runs every periodic job on its own interval, all inside the app's server process.

const CONCURRENCY = 4;

/** Whether this process should run the embedded jobs (the Next server's `register()` asks). */
export const embeddedJobsWanted = () =>
  jobProvider() === 'embedded' &&
  !process.env.INNGEST_SIGNING_KEY &&
  Boolean(process.env.DATABASE_URL) &&
  process.env.TICKWORK_EMBEDDED_WORKER !== 'off';

type EmbeddedState = { runner?: Promise<Runner>; timers?: NodeJS.Timeout[] };
const state = globalThis as unknown as { tickworkEmbeddedJobs?: EmbeddedState };
const embedded = (): EmbeddedState => {
  state.tickworkEmbeddedJobs ??= {};
  return state.tickworkEmbeddedJobs;
};

/** Runs one event's workflow with the embedded step runner (the task list's body; tests call it directly). */
export async function runEmbedded(event: JobEvent, payload: unknown): Promise<unknown> {
  return runWorkflow(event, payload, { step: directStep, singleProcess: true });
}

const taskList = (): TaskList =>
  Object.fromEntries(
    JOB_EVENT_NAMES.map((event) => [
      event,
      async (payload: unknown) => {
        await runEmbedded(event, payload);
      },
    ]),
  );

/**
 * Starts the periodic jobs of this process: each on its own interval (unref'd), never two runs of one at once
 * here; several processes may run one together (each job's own claims and locks keep that safe).
 */
function startPeriodicJobs(jobs: readonly PeriodicJob[]): NodeJS.Timeout[] {
  return jobs
    .filter((job) => !job.offSwitch || process.env[job.offSwitch] !== 'off')
    .map((job) => {
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        try {
          await job.run(getDb());
        } catch (error) {
          log.error({ err: error, job: job.id }, 'periodic job failed');
        } finally {
          busy = false;
        }
      };
      if (job.atStart) void tick();
      const timer = setInterval(tick, job.everyMs());
      timer.unref();
      return timer;
    });
}

/**
 * Starts the worker and the periodic jobs once per process (the Next server calls this from
 * `instrumentation.ts`). Signals stay Next's: a run cut short by a restart is unlocked by graphile-worker later,
 * or re-queued by `retry`.
 */
export async function startEmbeddedJobs(): Promise<void> {
  const jobs = embedded();
  jobs.runner ??= run({
    connectionString: embeddedQueueUrl(),
    concurrency: CONCURRENCY,
    maxPoolSize: CONCURRENCY + 1,
    noHandleSignals: true,
    logger: quietLogger,
    crontab: '',
    taskList: taskList(),
  }).catch((error) => {
    jobs.runner = undefined;
    throw error;
  });
  await jobs.runner;
  jobs.timers ??= startPeriodicJobs(PERIODIC_JOBS);
}

/** Stops this process's worker and periodic jobs and releases the queue connections (tests, a clean shutdown). */
export async function stopEmbeddedJobs(): Promise<void> {
  const jobs = embedded();
  const runner = jobs.runner;
  for (const timer of jobs.timers ?? []) clearInterval(timer);
  jobs.runner = undefined;
  jobs.timers = undefined;
  await (await runner?.catch(() => undefined))?.stop();
  await releaseEmbeddedQueue();
}
