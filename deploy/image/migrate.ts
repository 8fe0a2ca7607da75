// The image's migration step (`/app/entrypoint.sh migrate`, and before every start unless TICKWORK_MIGRATE=off):
// applies the committed migrations to DATABASE_URL under their advisory lock, so instances starting together
// apply each once and none serves before the schema it needs. Bundled to migrate.mjs by scripts/standalone.ts.
import { migrateDatabase } from '@/db/migrate';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is not set: the migrations have nowhere to go');
  process.exit(64);
}
const started = Date.now();
try {
  await migrateDatabase(url);
  console.error(`[tickwork] migrations applied in ${Date.now() - started} ms`);
} catch (error) {
  // the driver's message names the failing statement or connection, never the URL's password
  console.error(
    `[tickwork] the migrations failed: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
}
