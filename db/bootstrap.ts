import path from 'node:path';
import { DATA_DIR } from '@/lib/config/paths';
import { startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';

export type DatabaseHandle = { url: string; embedded: boolean; stop: () => Promise<void> };

/** `DATABASE_URL` when set; otherwise the embedded Postgres under `.data/pg` (joined if already running). Migrated. */
export async function bootDatabase(): Promise<DatabaseHandle> {
  const external = process.env.DATABASE_URL;
  const handle = external
    ? { url: external, embedded: false, stop: async () => {} }
    : {
        ...(await startEmbeddedPostgres({
          dataDir: path.join(DATA_DIR, 'pg'),
          port: Number(process.env.TICKWORK_PG_PORT ?? 54329),
        })),
        embedded: true,
      };
  await migrateDatabase(handle.url);
  return handle;
}
