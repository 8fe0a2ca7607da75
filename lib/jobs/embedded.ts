import { Logger, makeWorkerUtils, type Runner, run, type TaskList, type WorkerUtils } from 'graphile-worker';
import { log } from '@/lib/log';
import { boundedLine } from '@/lib/log/errors';
import { JOB_EVENT_NAMES, type JobEvent } from './events';
import { directStep } from './workflow';
import { runWorkflow } from './workflows';

/**
 * The embedded job provider: graphile-worker on the app's own Postgres (schema `graphile_worker`). Jobs are
 * named after their event; a failed run is retried by the queue with its exponential backoff.
 */
export const EMBEDDED_JOB_ATTEMPTS = 3;
const CONCURRENCY = 4;

/**
 * graphile-worker's info/debug chatter (e.g. "Failed to read crontab file") is dropped; warnings and errors go
 * to our log as their first line, bounded (a failed run's stack adds nothing: the workflow logged its reason).
 */
const quietLogger = new Logger(() => (level, message) => {
  const line = boundedLine(message);
  if (level === 'error') log.error({ component: 'jobs' }, line);
  else if (level === 'warning') log.warn({ component: 'jobs' }, line);
});

type EmbeddedState = { utils?: Promise<WorkerUtils>; runner?: Promise<Runner> };
const state = globalThis as unknown as { tickworkJobs?: EmbeddedState };
const embedded = (): EmbeddedState => {
  state.tickworkJobs ??= {};
  return state.tickworkJobs;
};

function connectionString(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the embedded job queue lives in the app database');
  return url;
}

function workerUtils(): Promise<WorkerUtils> {
  const jobs = embedded();
  jobs.utils ??= (async () => {
    const utils = await makeWorkerUtils({
      connectionString: connectionString(),
      logger: quietLogger,
      maxPoolSize: 2,
    });
    await utils.migrate();
    return utils;
  })().catch((error) => {
    jobs.utils = undefined;
    throw error;
  });
  return jobs.utils;
}

/**
 * Queues a job. The job key is the event and its payload, so the same request queued twice while waiting is
 * one job (a newer request replaces the waiting one; a running one is left to finish).
 */
export async function addEmbeddedJob(event: JobEvent, payload: unknown): Promise<void> {
  const utils = await workerUtils();
  await utils.addJob(event, payload as never, {
    jobKey: `${event}:${JSON.stringify(payload)}`,
    maxAttempts: EMBEDDED_JOB_ATTEMPTS,
  });
}

/** Queues many jobs of one event in one statement, keyed like `addEmbeddedJob`. */
export async function addEmbeddedJobs(event: JobEvent, payloads: unknown[]): Promise<void> {
  const utils = await workerUtils();
  await utils.addJobs(
    payloads.map((payload) => ({
      identifier: event,
      payload,
      jobKey: `${event}:${JSON.stringify(payload)}`,
      maxAttempts: EMBEDDED_JOB_ATTEMPTS,
    })),
  );
}

/** Runs one event's workflow with the embedded step runner (exported for tests and the task list). */
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
 * Starts the in-process worker once per process (the Next server calls this from `instrumentation.ts`). Signals
 * stay Next's: a run cut short by a restart is unlocked by graphile-worker later, or re-queued by `retry`.
 */
export function startEmbeddedWorker(): Promise<Runner> {
  const jobs = embedded();
  jobs.runner ??= run({
    connectionString: connectionString(),
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
  return jobs.runner;
}

/** Stops this process's worker and releases the queue connections (tests, or a host that shuts down cleanly). */
export async function stopEmbeddedJobs(): Promise<void> {
  const jobs = embedded();
  const [runner, utils] = [jobs.runner, jobs.utils];
  jobs.runner = undefined;
  jobs.utils = undefined;
  await (await runner?.catch(() => undefined))?.stop();
  await (await utils?.catch(() => undefined))?.release();
}
