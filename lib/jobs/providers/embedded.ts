import { type Runner, run, type TaskList } from 'graphile-worker';
import { getDb } from '@/db/client';
import { log } from '@/lib/log';
import { PERIODIC_JOBS, type PeriodicJob } from '../catalog';
import { embeddedQueueUrl, quietLogger, releaseEmbeddedQueue } from '../embedded-queue';
import { type DrainReport, embeddedWorker } from '../embedded-worker';
import { JOB_EVENT_NAMES, type JobEvent } from '../payloads';
import { runWorkflow } from '../run-workflow';
import { directStep } from '../workflow';

// The embedded job provider, built from the catalog: a graphile-worker task per event job, and one loop that
// runs every periodic job on its own interval, all inside the app's server process.

const CONCURRENCY = 4;

type EmbeddedState = {
  runner?: Promise<Runner>;
  timers?: NodeJS.Timeout[];
  /** The periodic jobs' runs in progress (a stop waits for them). */
  ticks?: Set<Promise<void>>;
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
      const worker = embeddedWorker();
      worker.activeJobs = 0;
      runner.events.on('job:start', () => {
        worker.activeJobs += 1;
      });
      runner.events.on('job:complete', () => {
        worker.activeJobs = Math.max(0, worker.activeJobs - 1);
      });
      return runner;
    },
    (error) => {
      jobs.runner = undefined;
      throw error;
    },
  );
  await jobs.runner;
  embeddedWorker().running = true;
  jobs.ticks ??= new Set();
  jobs.timers ??= startPeriodicJobs(PERIODIC_JOBS, jobs.ticks);
}

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
  const worker = embeddedWorker();
  worker.running = false;
  const runner = await jobs.runner?.catch(() => undefined);
  jobs.runner = undefined;
  const jobsRunning = worker.activeJobs;
  const stopped = Promise.all([runner?.stop(), ...(jobs.ticks ?? [])]).then(() => true);
  const inTime =
    deadlineMs === undefined
      ? await stopped
      : await Promise.race([stopped, sleep(deadlineMs).then(() => false)]);
  let handedBack = 0;
  if (!inTime && runner) {
    handedBack = worker.activeJobs;
    await Promise.race([runner.kill('the instance is shutting down').catch(() => {}), sleep(5_000)]);
  }
  await releaseEmbeddedQueue();
  return { jobsRunning, handedBack };
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
