// The watcher: sees every transaction (and user operation) a run signed through to an ending. Once a look (about
// a block apart), for each submitted run whose look is due, it asks whether one of the run's hashes was mined —
// the node for a transaction (watch-transaction.ts), the bundler for a user operation (watch-user-operation.ts)
// — and otherwise re-sends, re-prices or cancels as watch-look.ts says.
// Runs are claimed with SKIP LOCKED and a claim time every write is fenced by, so two instances never sign two
// replacements of one transaction. docs/executions.md#transaction-lifecycle
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { executions } from '@/db/schema';
import { publicClientFor } from '@/lib/chains/client';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { releaseHoldsWhereFeesFell } from '@/lib/executables/fee-hold';
import { log } from '@/lib/log';
import { broadcastsOf } from './broadcasts';
import { loadRunContext } from './context';
import { LOOK_TIMEOUT_MS } from './watch-look';
import { TransactionLook } from './watch-transaction';
import { UserOperationLook } from './watch-user-operation';

/** Runs looked at per tick, and how long a claim keeps other instances off a run. */
const BATCH = 20;
const CLAIM_MS = 20_000;

/**
 * Whether a tick has anything to do: a run due for a look, or an executable held for fees. One round trip, so an
 * idle tick (most of them) claims nothing and reads no fee market.
 */
async function watchWork(db: Db): Promise<{ due: boolean; held: boolean }> {
  const [row] = await db.execute<{ due: boolean; held: boolean }>(sql`
    select exists (select 1 from executions
                    where status in ('submitted', 'submitted_unknown') and watch_at <= now()) as due,
           exists (select 1 from executables where fee_held_since is not null) as held`);
  return { due: row?.due ?? false, held: row?.held ?? false };
}

/** One watcher tick: claims the runs due for a look and looks at each. Answers how many it looked at. */
export async function watchTick(db: Db): Promise<number> {
  const work = await watchWork(db);
  const looked = work.due ? await watchDueRuns(db) : 0;
  if (work.held) await releaseHoldsWhereFeesFell(db);
  return looked;
}

/** Claims the runs due for a look (at most BATCH) and looks at each. */
async function watchDueRuns(db: Db): Promise<number> {
  const claim = new Date(Date.now() + CLAIM_MS);
  const due = await db.execute<{ id: string }>(sql`
    update executions set watch_at = ${claim.toISOString()}::timestamptz
     where id in (select id from executions
                   where status in ('submitted', 'submitted_unknown') and watch_at <= now()
                   order by watch_at limit ${BATCH} for update skip locked)
    returning id`);
  await Promise.all(
    [...due].map(({ id }) =>
      watchRun(db, id, claim).catch((error: unknown) => {
        log.warn({ err: error, executionId: id }, 'watching a transaction failed; it is looked at again');
      }),
    ),
  );
  return due.length;
}

async function watchRun(db: Db, executionId: string, claim: Date) {
  const ctx = await loadRunContext(db, executionId);
  const rows = (await broadcastsOf(db, [executionId])).get(executionId) ?? [];
  if (!ctx?.chain || rows.length === 0 || !ctx.profile.encryptedKey) {
    await unwatch(db, executionId); // not a transaction this watcher can see through (gone, or not ours)
    return;
  }
  const policy = feePolicyOf(ctx.chain);
  const look =
    rows[0].envelope === 'user_operation'
      ? new UserOperationLook(db, ctx, rows, claim, policy)
      : new TransactionLook(
          db,
          ctx,
          rows,
          claim,
          policy,
          publicClientFor(ctx.chain, { timeoutMs: LOOK_TIMEOUT_MS }),
        );
  await look.decide();
}

/** Clears a run's look: it is no longer watched. */
const unwatch = (db: Db, executionId: string) =>
  db.update(executions).set({ watchAt: null }).where(eq(executions.id, executionId));
