// Next's server start hook: the RPC gateway's health poller, and the embedded job worker and scheduler, run
// inside the Node.js server process.
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
  if (process.env.TICKWORK_RPC_HEALTH_POLLER !== 'off') {
    const { startGatewayHealthPoller } = await import('./lib/gateway/poller');
    startGatewayHealthPoller();
  }
  const { embeddedWorkerWanted } = await import('./lib/jobs/enqueue');
  if (!embeddedWorkerWanted()) return;
  const { startEmbeddedWorker } = await import('./lib/jobs/embedded');
  const { startSchedulerTicker } = await import('./lib/jobs/scheduler-ticker');
  const { startMaintenanceTicker } = await import('./lib/jobs/maintenance');
  const { startAlertsTicker } = await import('./lib/alerts/ticker');
  const { startNotificationTicker } = await import('./lib/jobs/notification-ticker');
  const { startFollowerTicker } = await import('./lib/jobs/follower-ticker');
  const { log } = await import('./lib/log');
  try {
    await startEmbeddedWorker();
    // TICKWORK_SCHEDULER=off: an instance that runs jobs and alert checks but claims no scheduled runs
    if (process.env.TICKWORK_SCHEDULER !== 'off') startSchedulerTicker();
    startMaintenanceTicker();
    startAlertsTicker();
    startNotificationTicker();
    // TICKWORK_FOLLOWER=off: no chain follower in this instance (event and block triggers)
    startFollowerTicker();
  } catch (error) {
    log.error({ err: error }, 'the embedded job worker did not start');
  }
}
