// `npm run dev` (or `npm start` for the production build): embedded Postgres + local chain + the app.
import { offerDemo } from './demo';
import { bootInfrastructure, runNext } from './stack';

const production = process.argv.includes('--prod');
const port = process.env.PORT ?? '3000';

const stack = await bootInfrastructure();
console.error(
  `[tickwork] database ready, chain ${stack.env.TICKWORK_LOCAL_RPC_URL ?? 'from TICKWORK_CHAINS'}`,
);

if (production) {
  const build = runNext(['build'], stack.env);
  const code = await new Promise<number | null>((resolve) => build.once('exit', resolve));
  if (code !== 0) {
    await stack.stop();
    process.exit(code ?? 1);
  }
}

const app = runNext([production ? 'start' : 'dev', '--port', port], stack.env);
console.error(`[tickwork] console and API on http://localhost:${port}`);
void offerDemo(`http://localhost:${port}`, stack.env);

// The app drains its running jobs before it exits (lib/instance/shutdown.ts): the database and the chain stop
// only after it. Ctrl-C reaches the app from the terminal itself; SIGTERM is passed on.
const appExited = new Promise<void>((resolve) => app.once('exit', () => resolve()));
let stopping = false;
async function shutdown(signal?: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  if (signal === 'SIGTERM') app.kill('SIGTERM');
  await appExited;
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
void appExited.then(() => shutdown());
