// Next's server start hook, one of the two composition roots (the other: app/api/inngest/route.ts): the RPC
// gateway's health poller, and the embedded provider's jobs (lib/jobs/catalog.ts), run inside the Node.js
// server process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  // A bad sandbox runner setting (TICKWORK_GVISOR_*, DAYTONA_*) stops the server here, with its message.
  const { checkRunnerConfig } = await import('./lib/runtime/runners');
  try {
    checkRunnerConfig();
  } catch (error) {
    const { log } = await import('./lib/log');
    log.fatal(
      { reason: error instanceof Error ? error.message : String(error) },
      'the server does not start',
    );
    process.exit(1);
  }
  // SIGTERM drains this instance, its embedded jobs included, before the server closes (lib/instance/shutdown.ts)
  const { embeddedJobsWanted } = await import('./lib/jobs/embedded-worker');
  const { installGracefulShutdown } = await import('./lib/instance/shutdown');
  const { startEmbeddedJobs, stopEmbeddedJobs } = await import('./lib/jobs/providers/embedded');
  installGracefulShutdown(embeddedJobsWanted() ? stopEmbeddedJobs : null);
  if (process.env.TICKWORK_RPC_HEALTH_POLLER !== 'off') {
    const { startGatewayHealthPoller } = await import('./lib/gateway/poller');
    startGatewayHealthPoller();
  }
  if (!embeddedJobsWanted()) return;
  try {
    // every event job and periodic job of lib/jobs/catalog.ts; TICKWORK_SCHEDULER=off and TICKWORK_FOLLOWER=off
    // keep the scheduler or the chain follower out of this instance
    await startEmbeddedJobs();
  } catch (error) {
    const { log } = await import('./lib/log');
    log.error({ err: error }, 'the embedded job worker did not start');
  }
}
