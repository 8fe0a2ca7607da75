import { getDb } from '@/db/client';
import { confirmExecution } from '@/lib/executions/confirm';
import { acquireRunLease } from '@/lib/executions/lease';
import { claimExecution, evaluateExecution } from '@/lib/executions/run';
import type { Workflow } from '../workflow';

/**
 * `execution/requested`: claim → evaluate (run the task; skip, fail, simulate or submit) → confirm. Each step
 * reads the execution row first, so a re-run after a crash resumes where the row stands and never re-sends a
 * transaction that may already be on chain (its hash is recorded before the broadcast).
 *
 * Run by one process from start to end (embedded), the workflow holds the execution's lease throughout: a
 * second job of the same execution while it lives does nothing, and once its process is gone the next job
 * takes the run over at once (see `lib/executions/lease.ts`).
 */
export const runExecution: Workflow<'execution/requested'> = async (
  { executionId },
  { step, singleProcess },
) => {
  const lease = singleProcess ? await acquireRunLease(executionId) : null;
  if (singleProcess && !lease) return { executionId, skipped: 'run by another live worker' };
  try {
    const plan = await step.run('claim', () =>
      claimExecution(getDb(), executionId, { leased: lease !== null }),
    );
    if (plan.action === 'skip') return { executionId, skipped: plan.reason };
    if (plan.action === 'evaluate') {
      const { next } = await step.run('evaluate', () =>
        evaluateExecution(getDb(), executionId, plan.claimedAt),
      );
      if (next === 'done') return { executionId, confirmed: false };
    }
    const { status } = await step.run('confirm', () => confirmExecution(getDb(), executionId));
    return { executionId, status };
  } finally {
    await lease?.release();
  }
};
