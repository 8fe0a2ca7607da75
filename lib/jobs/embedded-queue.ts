import { Logger, makeWorkerUtils, type WorkerUtils } from 'graphile-worker';
import { log } from '@/lib/log';
import { boundedLine } from '@/lib/log/errors';
import type { JobEvent } from './payloads';

// The embedded provider's queue: graphile-worker on the app's own Postgres (schema `graphile_worker`). This
// module only adds jobs (the port's producer); lib/jobs/providers/embedded.ts runs them. Jobs are named after
// their event; a failed run is retried by the queue with its exponential backoff.

export const EMBEDDED_JOB_ATTEMPTS = 3;

/**
 * graphile-worker's info/debug chatter (e.g. "Failed to read crontab file") is dropped; warnings and errors go
 * to our log as their first line, bounded (a failed run's stack adds nothing: the workflow logged its reason).
 */
export const quietLogger = new Logger(() => (level, message) => {
  const line = boundedLine(message);
  if (level === 'error') log.error({ component: 'jobs' }, line);
  else if (level === 'warning') log.warn({ component: 'jobs' }, line);
});

const state = globalThis as unknown as { tickworkJobQueue?: Promise<WorkerUtils> };

export function embeddedQueueUrl(): string {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: the embedded job queue lives in the app database');
  return url;
}

function workerUtils(): Promise<WorkerUtils> {
  state.tickworkJobQueue ??= (async () => {
    const utils = await makeWorkerUtils({
      connectionString: embeddedQueueUrl(),
      logger: quietLogger,
      maxPoolSize: 2,
    });
    await utils.migrate();
    return utils;
  })().catch((error) => {
    state.tickworkJobQueue = undefined;
    throw error;
  });
  return state.tickworkJobQueue;
}

const jobKey = (event: JobEvent, payload: unknown) => `${event}:${JSON.stringify(payload)}`;

/**
 * Queues a job. The job key is the event and its payload, so the same request queued twice while waiting is
 * one job (a newer request replaces the waiting one; a running one is left to finish).
 */
export async function addEmbeddedJob(event: JobEvent, payload: unknown): Promise<void> {
  const utils = await workerUtils();
  await utils.addJob(event, payload as never, {
    jobKey: jobKey(event, payload),
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
      jobKey: jobKey(event, payload),
      maxAttempts: EMBEDDED_JOB_ATTEMPTS,
    })),
  );
}

/** Resolves once the queue answers (its schema is migrated on the first call); rejects when it cannot. */
export async function embeddedQueueReachable(): Promise<void> {
  await (await workerUtils()).withPgClient((client) => client.query('select 1'));
}

/** Releases this process's queue connections (a later job opens them again). */
export async function releaseEmbeddedQueue(): Promise<void> {
  const utils = state.tickworkJobQueue;
  state.tickworkJobQueue = undefined;
  await (await utils?.catch(() => undefined))?.release();
}
