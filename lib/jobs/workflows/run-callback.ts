import { getDb } from '@/db/client';
import { runExecutionCallback } from '@/lib/executions/callback-run';
import type { Workflow } from '../workflow';

/**
 * `execution/callback.requested`: runs an ended execution's pending callback (onSuccess / onFail) once. One step:
 * the callback is claimed (pending → running) and run in it, so a retried step or a second job finds it taken
 * and never runs it twice (lib/executions/callback-run.ts).
 */
export const runCallback: Workflow<'execution/callback.requested'> = async ({ executionId }, { step }) => {
  const { status } = await step.run('run-callback', () => runExecutionCallback(getDb(), executionId));
  return { executionId, status };
};
