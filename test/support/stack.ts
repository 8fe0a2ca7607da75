import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startAnvil } from '@/lib/chains/anvil';
import { bootstrapLocalChain } from '@/lib/chains/bootstrap';
import { type LocalBundler, startLocalBundler } from '@/lib/chains/bundler';
import { freePort } from '@/lib/net/free-port';
import { nextArgs } from '../../scripts/next';
import { startMigratedPostgres } from './database';

export type TestStack = {
  baseUrl: string;
  databaseUrl: string;
  rpcUrl: string;
  bundlerUrl: string;
  paymasterUrl: string;
  env: NodeJS.ProcessEnv;
  stop: () => Promise<void>;
};

/** One `next start` of the built app (its embedded worker and scheduler run inside it unless `env` turns it off). */
export type AppProcess = {
  baseUrl: string;
  port: number;
  /** stdout and stderr so far (their latest part), when spawned with `captureOutput` (else empty). */
  output: () => string;
  /** Sends `signal` (SIGKILL: no shutdown code runs at all) and resolves once the process is gone. */
  kill: (signal: NodeJS.Signals) => Promise<void>;
  /** SIGTERM, and waits for the exit. */
  stop: () => Promise<void>;
  /** False once the process has exited (by itself or killed). */
  running: () => boolean;
  /** Its process id (SIGSTOP and SIGCONT freeze and thaw it without waiting for an exit). */
  pid: number;
  /** The exit code once it exited by itself (null while it runs, or when a signal ended it). */
  exitCode: () => number | null;
};

const CAPTURED_CHUNKS = 2_000;

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
 * Starts `next start` of the build on 127.0.0.1:`port` with `env` (plus NODE_ENV=production, and AUTH_URL for
 * that origin unless `env` sets one) and resolves once `/api/health` answers. The server runs in the spawned
 * process itself, so killing it kills the embedded worker too.
 */
export async function spawnApp(
  env: NodeJS.ProcessEnv,
  opts: { port: number; captureOutput?: boolean },
): Promise<AppProcess> {
  const baseUrl = `http://127.0.0.1:${opts.port}`;
  const child = spawn(
    process.execPath,
    nextArgs(['start', '--port', String(opts.port), '--hostname', '127.0.0.1']),
    {
      env: { ...env, NODE_ENV: 'production', AUTH_URL: env.AUTH_URL ?? baseUrl },
      stdio: opts.captureOutput
        ? ['ignore', 'pipe', 'pipe']
        : ['ignore', process.env.TEST_APP_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  // the last CAPTURED_CHUNKS pieces of output (a long-lived app must not grow the test's memory without end)
  const chunks: string[] = [];
  const keep = (chunk: Buffer) => {
    chunks.push(chunk.toString());
    if (chunks.length > CAPTURED_CHUNKS) chunks.shift();
    if (process.env.TEST_APP_LOG) process.stdout.write(chunk);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const kill = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  try {
    await waitForHealth(baseUrl, child);
  } catch (error) {
    await kill('SIGKILL');
    throw error;
  }
  return {
    baseUrl,
    port: opts.port,
    output: () => chunks.join(''),
    kill,
    stop: () => kill('SIGTERM'),
    running: () => child.exitCode === null && child.signalCode === null,
    pid: child.pid ?? 0,
    exitCode: () => child.exitCode,
  };
}

/**
 * The environment of a test deployment's app: its database, data dir and local chain (bundler and paymaster
 * when given), fresh auth and master secrets, private fetches allowed and a fast scheduler tick.
 */
/** The scrape token of test deployments' `GET /metrics`. */
export const TEST_METRICS_TOKEN = 'test-metrics-token';

export function testAppEnv(opts: {
  databaseUrl: string;
  dataDir: string;
  rpcUrl: string;
  bundler?: { bundlerUrl: string; paymasterUrl: string };
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    DATABASE_URL: opts.databaseUrl,
    TICKWORK_DATA_DIR: opts.dataDir,
    TICKWORK_LOCAL_RPC_URL: opts.rpcUrl,
    ...(opts.bundler && {
      TICKWORK_LOCAL_BUNDLER_URL: opts.bundler.bundlerUrl,
      TICKWORK_LOCAL_PAYMASTER_URL: opts.bundler.paymasterUrl,
    }),
    AUTH_SECRET: randomBytes(32).toString('base64'),
    AUTH_TRUST_HOST: 'true',
    TICKWORK_MASTER_KEY: randomBytes(32).toString('base64'),
    // tasks under test fetch from servers the tests start on 127.0.0.1
    TICKWORK_SANDBOX_FETCH_PRIVATE: 'allow',
    // notification channels under test post to receivers the tests start on 127.0.0.1; due rows are swept often
    TICKWORK_NOTIFY_PRIVATE: 'allow',
    TICKWORK_NOTIFY_SWEEP_MS: '500',
    // schedules fire within a second of being due
    TICKWORK_SCHEDULER_TICK_MS: '500',
    TICKWORK_WATCHER_TICK_MS: '250',
    // GET /metrics answers to this token (test/metrics)
    TICKWORK_METRICS_TOKEN: TEST_METRICS_TOKEN,
    // the suites' own CLI logins all come from 127.0.0.1 (the limit tests use addresses of their own)
    TICKWORK_CLI_LOGIN_RATE_LIMIT_PER_MINUTE: '60',
    // a stopped app drains its running jobs for at most this long (lib/instance/shutdown.ts)
    TICKWORK_SHUTDOWN_GRACE_MS: '5000',
  };
}

/** A temp dir for a deployment's state that embedded Postgres (its own user when we are root) can use. */
export function stackDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-test-'));
  chmodSync(dir, 0o755);
  return dir;
}

/**
 * A throw-away deployment for tests and benchmarks: fresh embedded Postgres (fsync off, migrated: a copy of
 * the template in test/support/database.ts) in a temp dir, a fresh anvil with the local chain contracts (`bootstrapLocalChain`), the alto bundler and mock paymaster on it
 * (`startLocalBundler`), and the built app (`next start`) on
 * free ports. Needs `next build` to have run.
 */
export async function startTestStack(opts: { env?: Record<string, string> } = {}): Promise<TestStack> {
  if (!existsSync('.next/BUILD_ID')) throw new Error('build the app first: npx next build');
  const dir = stackDir();
  const database = await startMigratedPostgres({
    dataDir: path.join(dir, 'pg'),
    port: await freePort(),
    ephemeral: true,
  });
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
    ...testAppEnv({ databaseUrl: database.url, dataDir: dir, rpcUrl: chain.rpcUrl, bundler }),
    AUTH_URL: baseUrl,
    ...opts.env,
  };
  const app = await spawnApp(env, { port });
  return {
    baseUrl,
    databaseUrl: database.url,
    rpcUrl: chain.rpcUrl,
    bundlerUrl: bundler.bundlerUrl,
    paymasterUrl: bundler.paymasterUrl,
    env,
    stop: async () => {
      await app.stop();
      await bundler.stop();
      await chain.stop();
      await database.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
