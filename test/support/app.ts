import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { freePort } from '@/lib/net/free-port';
import { spawnApp } from './stack';

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
  const app = await spawnApp(
    {
      ...process.env,
      DATABASE_URL: inject('databaseUrl'),
      TICKWORK_LOCAL_RPC_URL: inject('rpcUrl'),
      TICKWORK_MASTER_KEY: inject('masterKey'),
      TICKWORK_DATA_DIR: dir,
      AUTH_SECRET: randomBytes(32).toString('base64'),
      AUTH_TRUST_HOST: 'true',
      TICKWORK_EMBEDDED_WORKER: 'off',
      ...env,
    },
    // captureOutput: stdout and stderr (the logs) are kept for `output()`
    { port: await freePort(), captureOutput: opts.captureOutput },
  ).catch((error) => {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  });
  return {
    baseUrl: app.baseUrl,
    output: app.output,
    stop: async () => {
      await app.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
