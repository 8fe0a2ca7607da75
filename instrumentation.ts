// Next's server start hook: the embedded job worker runs inside the Node.js server process.
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { embeddedWorkerWanted } = await import('./lib/jobs/enqueue');
  if (!embeddedWorkerWanted()) return;
  const { startEmbeddedWorker } = await import('./lib/jobs/embedded');
  const { log } = await import('./lib/log');
  try {
    await startEmbeddedWorker();
  } catch (error) {
    log.error({ err: error }, 'the embedded job worker did not start');
  }
}
