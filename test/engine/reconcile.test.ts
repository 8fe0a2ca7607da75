// The reconciler: a submission whose receipt did not come in time (submitted_unknown) is resolved later from
// the chain: confirmed when the receipt turns up, failed when its nonce went to another transaction, and
// looked at again (ever more rarely) while neither is known.
import { keccak256, toHex } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, getDb } from '@/db/client';
import { reconcileSubmissions } from '@/lib/executions/reconcile';
import { stopEmbeddedJobs } from '@/lib/jobs/embedded';
import { testStackChain } from '../support/chain';
import { newAddress } from '../support/fixtures';
import { rpc } from '../support/profiles';
import { asUnknownSubmission, readExecution, reconciled } from '../support/reconcile';
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
  return asUnknownSubmission(execution, change);
}

describe('reconcileSubmissions', () => {
  it('a receipt that turned up later confirms the execution with its figures', async () => {
    const sub = await unknownSubmission();
    const row = await reconciled(db, sub.id);
    expect(row).toMatchObject({ status: 'confirmed', reconcile_at: null, error: null });
    expect(BigInt(row.gas_used)).toBeGreaterThan(21_000n);
  });

  it('a nonce the account used for another transaction fails it as transaction_dropped', async () => {
    const ghost = keccak256(toHex(`ghost-${Date.now()}`));
    const sub = await unknownSubmission({ txHash: ghost });
    const row = await reconciled(db, sub.id);
    expect(row.status).toBe('failed');
    expect(row.error.code).toBe('transaction_dropped');
  });

  it('neither found nor replaced: stays unknown and is looked at again later', async () => {
    const ghost = keccak256(toHex(`pending-${Date.now()}`));
    const next = Number(BigInt(await rpc<string>('eth_getTransactionCount', [w.address, 'latest'])));
    const sub = await unknownSubmission({ txHash: ghost, nonce: next + 5 });
    expect(await reconcileSubmissions(db)).not.toContain(sub.id);
    const row = await readExecution(sub.id);
    expect(row.status).toBe('submitted_unknown');
    expect(new Date(row.reconcile_at).getTime()).toBeGreaterThan(Date.now() + 20_000);
  });
});
