import path from 'node:path';
import { bootDatabase } from '@/db/bootstrap';
import { createDb, type Db } from '@/db/client';
import { DATA_DIR } from '@/lib/config/paths';

/** Runs `fn` against the deployment's database: the running embedded one, a fresh start of it, or DATABASE_URL. */
export async function withDb<T>(fn: (db: Db) => Promise<T>): Promise<T> {
  const handle = await bootDatabase({ embeddedDir: path.join(DATA_DIR, 'pg') });
  const db = createDb(handle.url, 2);
  try {
    return await fn(db);
  } finally {
    await db.$sql.end();
    await handle.stop();
  }
}
