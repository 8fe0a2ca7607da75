import { type LogContext, withLogContext } from '@/lib/log/context';
import { EVENT_JOBS } from './catalog';
import { type JobEvent, type JobPayload, parsePayload } from './payloads';
import type { WorkflowContext } from './workflow';

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
 * notification) on every log line written meanwhile. Both providers call this (embedded and Inngest); the
 * workflow is the catalog's, loaded on its first run.
 */
export async function runWorkflow<E extends JobEvent>(
  event: E,
  data: unknown,
  ctx: WorkflowContext,
): Promise<unknown> {
  const payload = parsePayload(event, data);
  const workflow = (await EVENT_JOBS[event].workflow()) as (
    p: JobPayload<E>,
    ctx: WorkflowContext,
  ) => Promise<unknown>;
  return withLogContext(logContextOf(event, payload as Record<string, unknown>), () =>
    workflow(payload, ctx),
  );
}
