import { type LogContext, withLogContext } from '@/lib/log/context';
import { type JobEvent, type JobPayload, parsePayload } from '../events';
import type { Workflow, WorkflowContext } from '../workflow';
import { deliverNotificationWorkflow } from './deliver-notification';
import { provisionExecutable } from './provision-executable';
import { provisionProfile } from './provision-profile';
import { runCallback } from './run-callback';
import { runExecution } from './run-execution';
import { switchExecutableFunction } from './switch-executable-function';

/** The workflow each event runs, whichever provider delivers it. */
export const WORKFLOWS: { [E in JobEvent]: Workflow<E> } = {
  'profile/provision.requested': provisionProfile,
  'executable/provision.requested': provisionExecutable,
  'executable/function-switch.requested': switchExecutableFunction,
  'execution/requested': runExecution,
  'execution/callback.requested': runCallback,
  'notification/delivery.requested': deliverNotificationWorkflow,
};

/** The ids of a job's payload that its log lines carry. */
function logContextOf(event: JobEvent, payload: Record<string, unknown>): LogContext {
  const ids: LogContext = { job: event };
  for (const key of ['executionId', 'executableId', 'profileId', 'notificationId'] as const) {
    if (typeof payload[key] === 'string') ids[key] = payload[key];
  }
  return ids;
}

/**
 * Runs one event's workflow: the payload checked, and the job with its ids (execution, executable, profile,
 * notification) on every log line written meanwhile. Both providers call this (embedded and Inngest).
 */
export function runWorkflow<E extends JobEvent>(
  event: E,
  data: unknown,
  ctx: WorkflowContext,
): Promise<unknown> {
  const payload = parsePayload(event, data);
  const workflow = WORKFLOWS[event] as (p: JobPayload<E>, ctx: WorkflowContext) => Promise<unknown>;
  return withLogContext(logContextOf(event, payload as Record<string, unknown>), () =>
    workflow(payload, ctx),
  );
}
