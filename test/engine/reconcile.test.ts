// The reconciler: a submission whose receipt did not come in time (submitted_unknown) is resolved later from
// the chain: confirmed when the receipt turns up, failed when its nonce went to another transaction, and
// looked at again (ever more rarely) while neither is known.
import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, getDb } from '@/db/client';
import { reconcileSubmissions } from '@/lib/executions/reconcile';
import { stopEmbeddedJobs } from '@/lib/jobs/embedded';
import { testStackChain } from '../support/chain';
import { newAddress, testDb } from '../support/fixtures';
import { rpc } from '../support/profiles';
import { type RunWorld, runnableExe, runToEnd, runWorld, transfersTo } from '../support/runs';

const PAY = `export default { __tickworkTask: 1, run: async (ctx) => ({
  canExec: true, calls: [{ to: ctx.args.to, data: '0x', value: '5' }] }) };\n`;

let w: RunWorld;
let db: Db;
beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl');
  testStackChain(); // chain config and master key of the test stack
  db = getDb();
  w = await runWorld();
}, 60_000);

afterAll(async () => {
  await stopEmbeddedJobs();
  await db.$sql.end({ timeout: 5 });
});

/** A confirmed run turned back into an unknown submission due for a look, with `change` applied. */
async function unknownSubmission(change: { txHash?: string; nonce?: number } = {}) {
  const to = newAddress();
  const exe = await runnableExe(w, PAY, {
    files: { 'permissions.json': transfersTo(to) },
    exe: { args: JSON.stringify({ to }) },
  });
  const { execution } = await runToEnd(w.token, exe.id);
  expect(execution.status).toBe('confirmed');
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

const read = async (id: string) =>
  (
    await testDb()
      .$sql`select status, error, gas_used, block_number, reconcile_at from executions where id = ${id}`
  )[0];

/** Reconciles here (the app's own ticker may get there first: either way it is resolved once), then reads. */
async function reconciled(id: string) {
  await reconcileSubmissions(db);
  for (let i = 0; i < 50; i++) {
    const row = await read(id);
    if (row.status !== 'submitted_unknown') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  return read(id);
}

describe('reconcileSubmissions', () => {
  it('a receipt that turned up later confirms the execution with its figures', async () => {
    const sub = await unknownSubmission();
    const row = await reconciled(sub.id);
    expect(row).toMatchObject({ status: 'confirmed', reconcile_at: null, error: null });
    expect(BigInt(row.gas_used)).toBeGreaterThan(21_000n);
  });

  it('a nonce the account used for another transaction fails it as transaction_dropped', async () => {
    const ghost = keccak256(toHex(`ghost-${Date.now()}`));
    const sub = await unknownSubmission({ txHash: ghost });
    const row = await reconciled(sub.id);
    expect(row.status).toBe('failed');
    expect(row.error.code).toBe('transaction_dropped');
  });

  it('neither found nor replaced: stays unknown and is looked at again later', async () => {
    const ghost = keccak256(toHex(`pending-${Date.now()}`));
    const next = Number(BigInt(await rpc<string>('eth_getTransactionCount', [w.address, 'latest'])));
    const sub = await unknownSubmission({ txHash: ghost, nonce: next + 5 });
    expect(await reconcileSubmissions(db)).not.toContain(sub.id);
    const row = await read(sub.id);
    expect(row.status).toBe('submitted_unknown');
    expect(new Date(row.reconcile_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
