import { and, asc, eq, lte } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { executions } from '@/db/schema';
import { publicClientFor } from '@/lib/chains/client';
import { receiptReader } from '@/lib/chains/submitters';
import { submissionHash } from '@/lib/chains/submitters/types';
import { keyAccountOf } from '@/lib/profiles/key-account';
import { receiptEnding } from './confirm';
import { loadRunContext } from './context';
import { type Ending, failed, finishExecution } from './finish';

/** Submissions looked at per scheduler tick; each costs one or two RPC calls. */
const BATCH = 20;
/** How long one look waits for the chain. */
const LOOK_MS = 2_000;
/** Looks get rarer as the transaction ages (doubling, at most hourly), and stop after a day. */
const MAX_GAP_MS = 60 * 60 * 1000;
const GIVE_UP_MS = 24 * 60 * 60 * 1000;

type Look = { resolved: true; ending: Ending } | { resolved: false };

/**
 * Resolves submissions whose receipt did not come in time (`submitted_unknown`, due for a look): a receipt
 * found later ends them confirmed or failed; a nonce the account has since used for another transaction ends them failed
 * (`transaction_dropped`); otherwise they are looked at again later, ever more rarely, for a day. An ending goes
 * through `finishExecution` like any other (alerts, metrics, callback), conditioned on the row still being
 * submitted_unknown; usage was counted when they ended as unknown, so nothing is metered twice. Answers the
 * resolved ids.
 */
export async function reconcileSubmissions(db: Db, now = new Date()): Promise<string[]> {
  const due = await db
    .select({ id: executions.id, finishedAt: executions.finishedAt })
    .from(executions)
    .where(and(eq(executions.status, 'submitted_unknown'), lte(executions.reconcileAt, now)))
    .orderBy(asc(executions.reconcileAt))
    .limit(BATCH);
  const resolved: string[] = [];
  for (const { id, finishedAt } of due) {
    const look = await lookFor(db, id);
    if (look.resolved) {
      if (await finishExecution(db, id, { ...look.ending, reconciled: true })) resolved.push(id);
      continue;
    }
    const age = now.getTime() - (finishedAt ?? now).getTime();
    await db
      .update(executions)
      .set({
        reconcileAt:
          age > GIVE_UP_MS ? null : new Date(now.getTime() + Math.min(Math.max(age, 30_000), MAX_GAP_MS)),
      })
      .where(and(eq(executions.id, id), eq(executions.status, 'submitted_unknown')));
  }
  return resolved;
}

async function lookFor(db: Db, executionId: string): Promise<Look> {
  const ctx = await loadRunContext(db, executionId);
  const hash = ctx && submissionHash(ctx.execution);
  if (!ctx?.chain || !hash) return { resolved: false };
  const { nonce, userOpHash } = ctx.execution;
  try {
    const submitter = receiptReader(
      {
        db,
        profile: ctx.profile,
        gasMode: ctx.executable.gasMode,
        sponsorshipProvider: ctx.executable.sponsorshipProvider,
      },
      ctx.execution,
    );
    const receipt = await submitter.confirm(hash, LOOK_MS);
    if (receipt.status !== 'unknown') {
      const ending = receiptEnding(receipt);
      // `error: null` clears the receipt_timeout the run ended with: a confirmation has no error.
      return { resolved: true, ending: { ...ending, error: ending.error ?? null } };
    }
    // A transaction whose nonce went elsewhere can never be mined (a user operation's nonce is not the EOA's).
    if (nonce === null || userOpHash) return { resolved: false };
    const used = await publicClientFor(ctx.chain, { timeoutMs: LOOK_MS }).getTransactionCount({
      address: keyAccountOf(ctx.profile),
      blockTag: 'latest',
    });
    if (used <= nonce) return { resolved: false };
    return {
      resolved: true,
      ending: failed(
        'transaction_dropped',
        `${hash} was never mined: the account used nonce ${nonce} for another transaction`,
      ),
    };
  } catch {
    // no submitter for the profile any more (SubmissionError), or the chain did not answer: look again later
    return { resolved: false };
  }
}
