import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '@/db/embedded';
import { migrateDatabase } from '@/db/migrate';
import { startAnvil } from '@/lib/chains/anvil';
import { bootstrapLocalChain } from '@/lib/chains/bootstrap';
import { type LocalBundler, startLocalBundler } from '@/lib/chains/bundler';
import { freePort } from '@/lib/net/free-port';
import { nextArgs } from '../../scripts/next';

export type TestStack = {
  baseUrl: string;
  databaseUrl: string;
  rpcUrl: string;
  bundlerUrl: string;
  paymasterUrl: string;
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
};

async function waitForHealth(baseUrl: string, app: ChildProcess) {
  for (let i = 0; i < 300; i++) {
    if (app.exitCode !== null) throw new Error(`the app exited with ${app.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the app did not become healthy');
}

/**
 * A throw-away deployment for tests and benchmarks: fresh embedded Postgres (fsync off) in a temp dir,
 * a fresh anvil with the local chain contracts (`bootstrapLocalChain`), the alto bundler and mock paymaster on it
 * (`startLocalBundler`), and the built app (`next start`) on
 * free ports. Needs `next build` to have run.
 */
export async function startTestStack(opts: { env?: Record<string, string> } = {}): Promise<TestStack> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('build the app first: npx next build');
  const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-test-'));
  chmodSync(dir, 0o755); // embedded Postgres runs as its own user when we are root
  const database = await startEmbeddedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    ephemeral: true,
  });
  await migrateDatabase(database.url);
  const chain = await startAnvil({ port: await freePort() });
  let bundler: LocalBundler;
  try {
    await bootstrapLocalChain(chain.rpcUrl);
    bundler = await startLocalBundler(chain.rpcUrl);
  } catch (error) {
    await chain.stop();
    await database.stop();
    throw error;
  }
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: database.url,
    TICKWORK_DATA_DIR: dir,
    TICKWORK_LOCAL_RPC_URL: chain.rpcUrl,
    TICKWORK_LOCAL_BUNDLER_URL: bundler.bundlerUrl,
    TICKWORK_LOCAL_PAYMASTER_URL: bundler.paymasterUrl,
    AUTH_SECRET: randomBytes(32).toString('base64'),
    AUTH_TRUST_HOST: 'true',
    AUTH_URL: baseUrl,
    TICKWORK_MASTER_KEY: randomBytes(32).toString('base64'),
    // tasks under test fetch from servers the tests start on 127.0.0.1
    TICKWORK_SANDBOX_FETCH_PRIVATE: 'allow',
    // schedules fire within a second of being due
    TICKWORK_SCHEDULER_TICK_MS: '500',
    ...opts.env,
  };
  const app = spawn(
    process.execPath,
    nextArgs(['start', '--port', String(port), '--hostname', '127.0.0.1']),
    {
      env,
      stdio: ['ignore', process.env.TEST_APP_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  await waitForHealth(baseUrl, app);
  return {
    baseUrl,
    databaseUrl: database.url,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: bundler.bundlerUrl,
    paymasterUrl: bundler.paymasterUrl,
    env,
    stop: async () => {
      app.kill('SIGTERM');
      await new Promise((r) => (app.exitCode !== null ? r(null) : app.once('exit', r)));
      await bundler.stop();
      await chain.stop();
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
