import type { Db } from '@/db/client';
import { reconcileSubmissions } from '@/lib/executions/reconcile';
import { testDb } from './fixtures';

/**
 * Turns a confirmed execution back into an unknown submission due for a look (as if its receipt never came in
 * time), with `change` applied to its hash or nonce.
 */
export async function asUnknownSubmission(
  execution: { id: string; txHash: string },
  change: { txHash?: string; nonce?: number } = {},
) {
  const [row] = await testDb().$sql`
    update executions
       set status = 'submitted_unknown', gas_used = null, effective_gas_price = null, block_number = null,
           error = '{"code":"receipt_timeout","message":"no receipt within 60 s"}'::jsonb,
           tx_hash = ${change.txHash ?? execution.txHash}, nonce = coalesce(${change.nonce ?? null}::bigint, nonce),
           reconcile_at = now() - interval '1 second', finished_at = now() - interval '1 minute'
     where id = ${execution.id}
     returning id, tx_hash, nonce`;
  return row as { id: string; tx_hash: string; nonce: number };
}

export const readExecution = async (id: string) =>
  (
    await testDb()
      .$sql`select status, error, gas_used, block_number, reconcile_at from executions where id = ${id}`
  )[0];

/** Reconciles here (the app's own ticker may get there first: either way it is resolved once), then reads. */
export async function reconciled(db: Db, id: string) {
  await reconcileSubmissions(db);
  for (let i = 0; i < 50; i++) {
    const row = await readExecution(id);
    if (row.status !== 'submitted_unknown') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return readExecution(id);
}
