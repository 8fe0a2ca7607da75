// The master key's rotation step (`/app/entrypoint.sh rotate-master-key`; from a checkout
// `npx tsx deploy/image/rotate-master-key.ts`), run with the new key as TICKWORK_MASTER_KEY and the old one in
// TICKWORK_MASTER_KEY_PREVIOUS, against DATABASE_URL: every stored envelope whose data key an old key sealed is
// sealed again under the new one (docs/deploy.md#rotating-the-master-key). Safe to run while instances serve
// (each row changes only if it still holds what was read) and to run again (what the new key seals is skipped).
import postgres from 'postgres';
import { resealDataKey } from '@/lib/crypto/envelope';

/** Every column that holds an envelope (lib/crypto/envelope.ts), by table. */
const ENVELOPES = [
  { table: 'profiles', column: 'encrypted_key' },
  { table: 'secrets', column: 'ciphertext' },
  { table: 'notification_channels', column: 'encrypted_secret' },
] as const;

const BATCH = 500;

const url = process.env.DATABASE_URL;
if (!url || !process.env.TICKWORK_MASTER_KEY) {
  console.error(
    'set DATABASE_URL, TICKWORK_MASTER_KEY (the new key) and TICKWORK_MASTER_KEY_PREVIOUS (the old)',
  );
  process.exit(64);
}
const sql = postgres(url, { max: 1, onnotice: () => {} });
let failed = false;
try {
  for (const { table, column } of ENVELOPES) {
    let resealed = 0;
    let kept = 0;
    let after = '';
    for (;;) {
      const rows = await sql<{ id: string; envelope: string }[]>`
        select id, ${sql(column)} as envelope from ${sql(table)}
         where ${sql(column)} is not null and id > ${after} order by id limit ${BATCH}`;
      if (rows.length === 0) break;
      after = rows[rows.length - 1].id;
      for (const row of rows) {
        const next = resealDataKey(row.envelope);
        if (next === null) {
          kept += 1;
          continue;
        }
        const changed = await sql`
          update ${sql(table)} set ${sql(column)} = ${next} where id = ${row.id} and ${sql(column)} = ${row.envelope}`;
        // a row changed meanwhile was written under the new key by an instance that already has it
        if (changed.count === 1) resealed += 1;
        else kept += 1;
      }
    }
    console.error(
      `[tickwork] ${table}.${column}: ${resealed} resealed under the new master key, ${kept} already were`,
    );
  }
} catch (error) {
  // a value no configured key opens: the message names no value and no key
  console.error(`[tickwork] the rotation stopped: ${error instanceof Error ? error.message : String(error)}`);
  failed = true;
} finally {
  await sql.end();
}
process.exit(failed ? 1 : 0);
