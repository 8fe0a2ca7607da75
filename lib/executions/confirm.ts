import type { DbOrTx } from '@/db/client';
import { feePolicyOf } from '@/lib/chains/fee-policy';
import { receiptReader } from '@/lib/chains/submitters';
import {
  type Confirmation,
  SubmissionError,
  type Submitter,
  submissionHash,
} from '@/lib/chains/submitters/types';
import { loadRunContext } from './context';
import { type Ending, failed, finishExecution } from './finish';

/** How long the confirm step waits for a receipt before the run becomes submitted_unknown. */
const RECEIPT_WAIT_MS = 60_000;
/** When the reconciler first looks again for a transaction whose receipt did not come in time. */
const FIRST_RECONCILE_MS = 30_000;

/**
 * Step 3: waits for the receipt of a submitted run → confirmed (gas used, effective price, block), failed
 * (reverted on chain, with the decoded reason when there is one) or submitted_unknown (no receipt in time). A
 * watched transaction (`watchAt`: one the run signed itself) waits only until it is due for re-pricing: it stays
 * submitted and the watcher (watch.ts) sees it through, whichever of its transactions is mined.
 */
export async function confirmExecution(db: DbOrTx, executionId: string): Promise<{ status: string }> {
  const ctx = await loadRunContext(db, executionId);
  const hash = ctx && submissionHash(ctx.execution);
  if (ctx?.execution.status !== 'submitted' || !hash) return { status: ctx?.execution.status ?? 'gone' };
  let submitter: Submitter;
  try {
    submitter = receiptReader(
      {
        db,
        profile: ctx.profile,
        gasMode: ctx.executable.gasMode,
        sponsorshipProvider: ctx.executable.sponsorshipProvider,
      },
      ctx.execution,
    );
  } catch (error) {
    if (!(error instanceof SubmissionError)) throw error;
    // The profile or gas mode changed since the submission: nothing can read the receipt for it any more.
    await finishExecution(db, executionId, {
      status: 'submitted_unknown',
      error: { code: error.code, message: error.message },
    });
    return { status: 'submitted_unknown' };
  }
  const watched = ctx.execution.watchAt !== null && ctx.chain !== undefined;
  const waitMs =
    watched && ctx.chain
      ? Math.min(RECEIPT_WAIT_MS, feePolicyOf(ctx.chain).replacementIntervalMs)
      : RECEIPT_WAIT_MS;
  const receipt = await submitter.confirm(hash, waitMs);
  if (receipt.status === 'unknown' && watched) return { status: 'submitted' };
  if (receipt.status === 'unknown') {
    await finishExecution(db, executionId, {
      status: 'submitted_unknown',
      error: {
        code: 'receipt_timeout',
        message: `no receipt for ${receipt.txHash} within ${RECEIPT_WAIT_MS / 1000} s; it is looked for again later`,
      },
      reconcileAt: new Date(Date.now() + FIRST_RECONCILE_MS),
    });
    return { status: 'submitted_unknown' };
  }
  const ending = receiptEnding(receipt);
  await finishExecution(db, executionId, ending);
  return { status: ending.status };
}

/** The ending a found receipt gives: confirmed with its figures, or failed with the decoded revert reason. */
export function receiptEnding(receipt: Exclude<Confirmation, { status: 'unknown' }>): Ending {
  const figures = {
    txHash: receipt.txHash,
    gasUsed: receipt.gasUsed,
    effectiveGasPrice: receipt.effectiveGasPrice,
    blockNumber: receipt.blockNumber,
  };
  if (receipt.status === 'confirmed') return { status: 'confirmed', ...figures };
  return {
    ...failed(
      receipt.error?.code ?? 'execution_reverted',
      receipt.error?.message ?? 'the transaction reverted',
    ),
    ...figures,
  };
}
