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

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  app.kill('SIGTERM');
  await stack.stop();
  process.exit(0);
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
app.once('exit', shutdown);
