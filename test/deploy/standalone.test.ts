// The image's server, started as the image starts it (Dockerfile): scripts/standalone.ts assembles the folder
// the image copies to /app, and its entrypoint runs there with the image's environment (only the listening
// address differs: 127.0.0.1 here, 0.0.0.0 in the image), on a database of its own that starts empty. The
// migrations run before the server, /api/ready passes, the console's assets are served, and SIGTERM drains it.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@/lib/net/free-port';
import { assembleStandalone } from '../../scripts/standalone';
import { waitUntil } from '../support/faults';
import { target } from '../support/target';

const DATABASE = `tickwork_image_${randomBytes(4).toString('hex')}`;

let dir: string;
let server: ChildProcess;
let baseUrl: string;
let output = '';
let env: NodeJS.ProcessEnv;

/** Runs the entrypoint in the assembled folder with the image's environment. */
const entrypoint = (args: string[] = [], extraEnv: Record<string, string> = {}) =>
  spawn('sh', [path.join(dir, 'app', 'entrypoint.sh'), ...args], {
    cwd: '/',
    env: { ...env, ...extraEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

const exitOf = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => {
    if (child.exitCode !== null) resolve(child.exitCode);
    else child.once('exit', (code) => resolve(code));
  });

/** One of the image's other commands, to its exit: its code and what it said on stderr. */
async function step(name: string) {
  const child = entrypoint([name]);
  let said = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    said += chunk.toString();
  });
  return { code: await exitOf(child), said };
}

const admin = () => postgres(target().databaseUrl, { max: 1, onnotice: () => {} });

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'tickwork-image-'));
  await assembleStandalone(path.join(dir, 'app'));
  const sql = admin();
  await sql.unsafe(`create database ${DATABASE}`);
  await sql.end();
  const databaseUrl = new URL(target().databaseUrl);
  databaseUrl.pathname = `/${DATABASE}`;
  const port = await freePort();
  baseUrl = `http://127.0.0.1:${port}`;
  env = {
    PATH: process.env.PATH,
    // the image's ENV
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(port),
    HOSTNAME: '127.0.0.1',
    TICKWORK_DATA_DIR: path.join(dir, 'data'),
    // what an operator sets (docs/deploy.md)
    DATABASE_URL: databaseUrl.toString(),
    AUTH_SECRET: randomBytes(32).toString('base64'),
    AUTH_URL: baseUrl,
    TICKWORK_MASTER_KEY: randomBytes(32).toString('base64'),
    TICKWORK_LOCAL_RPC_URL: target().rpcUrl,
    TICKWORK_SHUTDOWN_GRACE_MS: '5000',
  };
  server = entrypoint();
  for (const stream of [server.stdout, server.stderr])
    stream?.on('data', (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-20_000);
    });
}, 120_000);

afterAll(async () => {
  if (server && server.exitCode === null) {
    server.kill('SIGKILL');
    await exitOf(server);
  }
  const sql = admin();
  await sql.unsafe(`drop database if exists ${DATABASE} with (force)`).catch(() => {});
  await sql.end();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the image’s server', () => {
  it('applies the migrations to an empty database, then is ready', async () => {
    const ready = await waitUntil(
      'GET /api/ready answering 200',
      async () => {
        if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}: ${output}`);
        const res = await fetch(`${baseUrl}/api/ready`).catch(() => null);
        return res?.status === 200 ? res.json() : null;
      },
      90_000,
      250,
    );
    expect(output).toContain('[tickwork] migrations applied');
    expect(ready).toMatchObject({
      ready: true,
      draining: false,
      checks: {
        database: { ok: true },
        migrations: { ok: true, pending: [] },
        jobs: { ok: true, provider: 'embedded', worker: 'running' },
      },
    });
    expect(ready.checks.migrations.applied).toBe(ready.checks.migrations.expected);
    expect(ready.chains).toContainEqual(expect.objectContaining({ chainId: 31337, reachable: true }));
    // the liveness probe of the image's HEALTHCHECK
    expect((await fetch(`${baseUrl}/api/health`)).status).toBe(200);
  }, 120_000);

  it('serves the console and its browser assets', async () => {
    const html = await (await fetch(`${baseUrl}/login`)).text();
    const asset = html.match(/\/_next\/static\/[^"']+\.js/)?.[0];
    expect(asset).toBeDefined();
    const res = await fetch(`${baseUrl}${asset}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
  });

  it('runs the migration step alone (a release job) on a migrated database', async () => {
    const { code, said } = await step('migrate');
    expect(code).toBe(0);
    expect(said).toContain('[tickwork] migrations applied');
  }, 60_000);

  it('runs the master key rotation step (nothing to reseal under the current key)', async () => {
    const { code, said } = await step('rotate-master-key');
    expect(code).toBe(0);
    expect(said).toContain('profiles.encrypted_key: 0 resealed');
  }, 60_000);

  it('serves the RPC gateway on its own (entrypoint.sh rpc-gateway)', async () => {
    const port = await freePort();
    const gateway = entrypoint(['rpc-gateway'], {
      TICKWORK_RPC_PORT: String(port),
      TICKWORK_RPC_HOST: '127.0.0.1',
    });
    try {
      const res = await waitUntil('the gateway answering', () =>
        fetch(`http://127.0.0.1:${port}/rpc/v1/chains`).catch(() => null),
      );
      // no RPC key: refused in the gateway's own shape, by the same handlers the app serves under /rpc
      expect(res.status).toBe(401);
    } finally {
      gateway.kill('SIGTERM');
      expect(await exitOf(gateway)).toBe(0);
    }
  }, 60_000);

  it('drains on SIGTERM and exits', async () => {
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(143);
    expect(output).toContain('drained: every running job finished');
  }, 30_000);
});
