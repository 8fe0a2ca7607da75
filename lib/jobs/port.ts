import { type JobEvent, type JobPayload, parsePayload } from './payloads';

// The job port: all that domain code imports from lib/jobs. It queues work and never runs it: no workflow is
// reachable from here (lib/jobs/catalog.ts lists the jobs; lib/jobs/providers/ runs them).

/** Which provider carries jobs: Inngest when its event key is configured, else the embedded Postgres queue. */
export const jobProvider = (): 'inngest' | 'embedded' =>
  process.env.INNGEST_EVENT_KEY ? 'inngest' : 'embedded';

/** Validates the payload and hands the event to the configured provider. */
export async function enqueue<E extends JobEvent>(event: E, payload: JobPayload<E>): Promise<void> {
  const data = parsePayload(event, payload);
  if (jobProvider() === 'inngest') {
    const { inngest } = await import('./inngest-client');
    await inngest.send({ name: event, data });
    return;
  }
  const { addEmbeddedJob } = await import('./embedded-queue');
  await addEmbeddedJob(event, data);
}

/** Queues many events of one kind in one round trip (the scheduler's batches). */
export async function enqueueAll<E extends JobEvent>(event: E, payloads: JobPayload<E>[]): Promise<void> {
  if (payloads.length === 0) return;
  const data = payloads.map((payload) => parsePayload(event, payload));
  if (jobProvider() === 'inngest') {
    const { inngest } = await import('./inngest-client');
    await inngest.send(data.map((d) => ({ name: event, data: d })));
    return;
  }
  const { addEmbeddedJobs } = await import('./embedded-queue');
  await addEmbeddedJobs(event, data);
}
