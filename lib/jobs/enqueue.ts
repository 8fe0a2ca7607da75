import { type JobEvent, type JobPayload, parsePayload } from './events';

/** Which provider carries jobs: Inngest when its event key is configured, else the embedded Postgres queue. */
export const jobProvider = (): 'inngest' | 'embedded' =>
  process.env.INNGEST_EVENT_KEY ? 'inngest' : 'embedded';

/** Whether this process should run the embedded worker (the Next server's `register()` asks). */
export const embeddedWorkerWanted = () =>
  jobProvider() === 'embedded' &&
  !process.env.INNGEST_SIGNING_KEY &&
  Boolean(process.env.DATABASE_URL) &&
  process.env.TICKWORK_EMBEDDED_WORKER !== 'off';

/** The job port: validates the payload and hands the event to the configured provider. */
export async function enqueue<E extends JobEvent>(event: E, payload: JobPayload<E>): Promise<void> {
  const data = parsePayload(event, payload);
  if (jobProvider() === 'inngest') {
    const { inngest } = await import('./inngest-client');
    await inngest.send({ name: event, data });
    return;
  }
  const { addEmbeddedJob } = await import('./embedded');
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
  const { addEmbeddedJobs } = await import('./embedded');
  await addEmbeddedJobs(event, data);
}
