import { startEmbeddedPostgres } from './embedded';
import { migrateDatabase } from './migrate';

export type DatabaseHandle = { url: string; embedded: boolean; stop: () => Promise<void> };

/**
 * `DATABASE_URL` when set; otherwise the embedded Postgres in `embeddedDir` (joined if already running). Migrated.
 */
export async function bootDatabase(opts: { embeddedDir: string }): Promise<DatabaseHandle> {
  const external = process.env.DATABASE_URL;
  const handle = external
    ? { url: external, embedded: false, stop: async () => {} }
    : {
        ...(await startEmbeddedPostgres({
          dataDir: opts.embeddedDir,
          port: Number(process.env.TICKWORK_PG_PORT ?? 54329),
        })),
        embedded: true,
      };
  await migrateDatabase(handle.url);
  return handle;
}
