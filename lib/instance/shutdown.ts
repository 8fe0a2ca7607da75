import type { DrainReport } from '@/lib/jobs/embedded-worker';
import { log } from '@/lib/log';

// What SIGTERM (and SIGINT) does to an instance: it stops being ready (GET /api/ready answers 503, so a load
// balancer sends it nothing new), stops claiming (no scheduler slot, no stranded run, no new job), lets the jobs
// it runs finish within the grace period, hands back what is still running then, and only then lets the
// server's own handler close the HTTP server and exit. A second signal during the drain closes it at once.

/** How long a drain waits for running jobs (`TICKWORK_SHUTDOWN_GRACE_MS`, default 25 s: inside the 30 s most
 * orchestrators give between SIGTERM and SIGKILL). */
export const shutdownGraceMs = () => Number(process.env.TICKWORK_SHUTDOWN_GRACE_MS) || 25_000;

/** What a drain may take past the grace period to hand its jobs back and release its connections. */
const CLOSING_MS = 8_000;

const state = globalThis as unknown as { tickworkShutdown?: { installed: boolean; draining: boolean } };
const shutdown = () => {
  state.tickworkShutdown ??= { installed: false, draining: false };
  return state.tickworkShutdown;
};

/** True once this instance received its stop signal. */
export const isDraining = (): boolean => shutdown().draining;

/** Stops the jobs this instance runs within `graceMs` (the composition root passes the embedded provider's). */
export type DrainJobs = (graceMs: number) => Promise<DrainReport>;

/** Drains the instance: its jobs (when it runs them) within the grace period. */
async function drain(signal: NodeJS.Signals, drainJobs: DrainJobs | null): Promise<void> {
  const graceMs = shutdownGraceMs();
  log.info({ signal, graceMs }, 'shutting down: no new work, draining the running jobs');
  const started = performance.now();
  const report = drainJobs ? await drainJobs(graceMs) : { jobsRunning: 0, handedBack: 0 };
  log.info(
    { ...report, ms: Math.round(performance.now() - started) },
    report.handedBack > 0
      ? 'drained: jobs still running at the deadline were handed back to the queue'
      : 'drained: every running job finished',
  );
}

/**
 * Takes over the process's stop signals once (the Next server calls this from `instrumentation.ts`, after the
 * server registered its own handlers): the drain runs first, then the server's handlers (close the HTTP server,
 * exit); with none, the process exits with 0. `drainJobs` is null where this instance runs no jobs.
 */
export function installGracefulShutdown(drainJobs: DrainJobs | null): void {
  const s = shutdown();
  if (s.installed) return;
  s.installed = true;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const serverHandlers = process.listeners(signal);
    process.removeAllListeners(signal);
    const close = () => {
      if (serverHandlers.length === 0) process.exit(0);
      for (const handler of serverHandlers) handler(signal);
    };
    process.on(signal, () => {
      if (s.draining) {
        log.warn({ signal }, 'a second stop signal: closing without waiting for the drain');
        close();
        return;
      }
      s.draining = true;
      // a drain that cannot finish (the database gone while it hands jobs back) still ends a little after the grace
      const overdue = new Promise<void>((resolve) =>
        setTimeout(resolve, shutdownGraceMs() + CLOSING_MS).unref(),
      );
      void Promise.race([drain(signal, drainJobs), overdue])
        .catch((error) => log.error({ err: error }, 'the drain failed'))
        .finally(close);
    });
  }
}
