import { getDb } from '@/db/client';
import { buildReleaseSandbox, commitFunctionSwitch, functionSwitchPlan } from '@/lib/executables/provision';
import type { Workflow } from '../workflow';

/**
 * `executable/function-switch.requested`: builds the sandbox of the pending switch's release, then commits
 * function, args and sandbox atomically, or records lastFunctionSwitchError and keeps the previous ones.
 * Idempotent: a switch that is no longer pending under this request id is left alone.
 */
export const switchExecutableFunction: Workflow<'executable/function-switch.requested'> = async (
  { executableId, requestId },
  { step },
) => {
  const plan = await step.run('check-switch', () => functionSwitchPlan(getDb(), executableId, requestId));
  if (plan.action === 'skip') return { executableId, skipped: plan.reason };
  const built = await step.run('build-sandbox', () =>
    buildReleaseSandbox(getDb(), executableId, plan.functionId, plan.runtime),
  );
  const { committed } = await step.run('commit-switch', () =>
    commitFunctionSwitch(getDb(), executableId, requestId, built),
  );
  return { executableId, committed };
};
