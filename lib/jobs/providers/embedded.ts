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

type EmbeddedState = {
  runner?: Promise<Runner>;
  started?: boolean;
  timers?: NodeJS.Timeout[];
  /** The periodic jobs' runs in progress (a stop waits for them). */
  ticks?: Set<Promise<void>>;
  /** Event jobs this process's worker is running now. */
  active?: number;
};
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
function startPeriodicJobs(jobs: readonly PeriodicJob[], ticks: Set<Promise<void>>): NodeJS.Timeout[] {
  return jobs
    .filter((job) => !job.offSwitch || process.env[job.offSwitch] !== 'off')
    .map((job) => {
      let busy = false;
      const tick = async () => {
        if (busy) return;
        busy = true;
        const running = (async () => {
          try {
            await job.run(getDb());
          } catch (error) {
            log.error({ err: error, job: job.id }, 'periodic job failed');
          }
        })();
        ticks.add(running);
        await running;
        ticks.delete(running);
        busy = false;
      };
      if (job.atStart) void tick();
      const timer = setInterval(tick, job.everyMs());
      timer.unref();
      return timer;
    });
}

/**
 * Starts the worker and the periodic jobs once per process (the Next server calls this from
 * `instrumentation.ts`). A SIGTERM drains them (`drainEmbeddedJobs`, lib/instance/shutdown.ts); a run cut short
 * by a crash is taken over once its lease is gone (lib/executions/lease.ts).
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
  }).then(
    (runner) => {
      jobs.active = 0;
      runner.events.on('job:start', () => {
        jobs.active = (jobs.active ?? 0) + 1;
      });
      runner.events.on('job:complete', () => {
        jobs.active = Math.max(0, (jobs.active ?? 0) - 1);
      });
      return runner;
    },
    (error) => {
      jobs.runner = undefined;
      throw error;
    },
  );
  await jobs.runner;
  jobs.started = true;
  jobs.ticks ??= new Set();
  jobs.timers ??= startPeriodicJobs(PERIODIC_JOBS, jobs.ticks);
}

/** Whether this process runs the embedded worker now (readiness asks). */
export const embeddedJobsRunning = (): boolean => embedded().started === true;

export type DrainReport = { jobsRunning: number; handedBack: number };

/**
 * Stops this process's worker and periodic jobs, gracefully: no periodic job starts again (no slot is claimed,
 * no stranded run taken over) and the worker takes no new job, while the jobs running and the periodic runs in
 * progress finish. With `deadlineMs`, jobs still running then are handed back to the queue (failed, so another
 * worker retries them; their runs' leases go with this process, so that worker resumes each from its row and
 * never sends twice). Releases the queue connections.
 */
export async function stopEmbeddedJobs(deadlineMs?: number): Promise<DrainReport> {
  const jobs = embedded();
  for (const timer of jobs.timers ?? []) clearInterval(timer);
  jobs.timers = undefined;
  jobs.started = false;
  const runner = await jobs.runner?.catch(() => undefined);
  jobs.runner = undefined;
  const jobsRunning = jobs.active ?? 0;
  const stopped = Promise.all([runner?.stop(), ...(jobs.ticks ?? [])]).then(() => true);
  const inTime =
    deadlineMs === undefined
      ? await stopped
      : await Promise.race([stopped, sleep(deadlineMs).then(() => false)]);
  let handedBack = 0;
  if (!inTime && runner) {
    handedBack = jobs.active ?? 0;
    await Promise.race([runner.kill('the instance is shutting down').catch(() => {}), sleep(5_000)]);
  }
  await releaseEmbeddedQueue();
  return { jobsRunning, handedBack };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
