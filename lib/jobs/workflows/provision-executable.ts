import { getDb } from '@/db/client';
import { buildReleaseSandbox, commitProvisioning, provisionPlan } from '@/lib/executables/provision';
import type { Workflow } from '../workflow';

/**
 * `executable/provision.requested`: builds the sandbox of the executable's release. A provisioning executable
 * becomes active (with its sandbox and next run) or error with a readable `stateReason`; a paused one
 * (regenerate) gets the fresh sandbox. Idempotent: other states are left alone, and the commit only touches
 * the row still in the planned state and function.
 */
export const provisionExecutable: Workflow<'executable/provision.requested'> = async (
  { executableId },
  { step },
) => {
  const plan = await step.run('check-executable', () => provisionPlan(getDb(), executableId));
  if (plan.action === 'skip') return { executableId, skipped: plan.reason };
  const built = await step.run('build-sandbox', () =>
    buildReleaseSandbox(getDb(), executableId, plan.functionId, plan.runtime),
  );
  const { state } = await step.run('commit', () => commitProvisioning(getDb(), executableId, plan, built));
  return { executableId, state };
};
