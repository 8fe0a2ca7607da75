import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '@/lib/net/free-port';
import { nextArgs } from '../../scripts/next';

export type ExtraApp = { baseUrl: string; stop: () => Promise<void>; output: () => string };

/**
 * A second `next start` of the built app on the test deployment's database and chain, with other settings
 * (e.g. other enabled chains). Its embedded job worker is off unless `env` turns it on, so the jobs of the
 * main app are not picked up under another configuration.
 */
export async function startExtraApp(
  env: Record<string, string>,
  opts: { captureOutput?: boolean } = {},
): Promise<ExtraApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'tickwork-extra-app-'));
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const app: ChildProcess = spawn(
    process.execPath,
    nextArgs(['start', '--port', String(port), '--hostname', '127.0.0.1']),
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATABASE_URL: inject('databaseUrl'),
        TICKWORK_LOCAL_RPC_URL: inject('rpcUrl'),
        TICKWORK_MASTER_KEY: inject('masterKey'),
        TICKWORK_DATA_DIR: dir,
        AUTH_SECRET: randomBytes(32).toString('base64'),
        AUTH_TRUST_HOST: 'true',
        AUTH_URL: baseUrl,
        TICKWORK_EMBEDDED_WORKER: 'off',
        ...env,
      },
      stdio: opts.captureOutput
        ? ['ignore', 'pipe', 'pipe']
        : ['ignore', process.env.TEST_APP_LOG ? 'inherit' : 'ignore', 'inherit'],
    },
  );
  // captureOutput: stdout and stderr (the logs) are kept for `output()`
  const chunks: string[] = [];
  app.stdout?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  app.stderr?.on('data', (chunk: Buffer) => chunks.push(chunk.toString()));
  for (let i = 0; i < 300; i++) {
    if (app.exitCode !== null) throw new Error(`the extra app exited with ${app.exitCode}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    output: () => chunks.join(''),
    stop: async () => {
      if (app.exitCode === null) {
        const exited = new Promise((r) => app.once('exit', r));
        app.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
