import { jobProvider } from './port';

// What this process's embedded worker is (readiness and shutdown ask; lib/jobs/providers/embedded.ts runs it and
// keeps this up to date): whether it should run here, whether it runs, and how many jobs it runs now.

/** Whether this process should run the embedded jobs (the Next server's `register()` asks). */
export const embeddedJobsWanted = () =>
  jobProvider() === 'embedded' &&
  !process.env.INNGEST_SIGNING_KEY &&
  Boolean(process.env.DATABASE_URL) &&
  process.env.TICKWORK_EMBEDDED_WORKER !== 'off';

type WorkerState = { running: boolean; activeJobs: number };
const state = globalThis as unknown as { tickworkEmbeddedWorker?: WorkerState };

/** This process's embedded worker (one object per process, shared by every module instance). */
export const embeddedWorker = (): WorkerState => {
  state.tickworkEmbeddedWorker ??= { running: false, activeJobs: 0 };
  return state.tickworkEmbeddedWorker;
};

/** What a drain of the embedded jobs did: how many jobs ran when it began, and how many it handed back. */
export type DrainReport = { jobsRunning: number; handedBack: number };
