import { getDb } from '@/db/client';
import { confirmExecution } from '@/lib/executions/confirm';
import { claimExecution, evaluateExecution } from '@/lib/executions/run';
import type { Workflow } from '../workflow';

/**
 * `execution/requested`: claim → evaluate (run the task; skip, fail, simulate or submit) → confirm. Each step
 * reads the execution row first, so a re-run after a crash resumes where the row stands and never re-sends a
 * transaction that may already be on chain (its hash is recorded before the broadcast).
 */
export const runExecution: Workflow<'execution/requested'> = async ({ executionId }, { step }) => {
  const plan = await step.run('claim', () => claimExecution(getDb(), executionId));
  if (plan.action === 'skip') return { executionId, skipped: plan.reason };
  if (plan.action === 'evaluate') {
    const { next } = await step.run('evaluate', () => evaluateExecution(getDb(), executionId));
    if (next === 'done') return { executionId, confirmed: false };
  }
  const { status } = await step.run('confirm', () => confirmExecution(getDb(), executionId));
  return { executionId, status };
};
