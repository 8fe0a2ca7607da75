import type ivm from 'isolated-vm';
import type { TaskLimits } from './limits';

/** A run that ends without a result; its message is sanitized (redacted, clipped) before it leaves. */
export class TaskFailure extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export const NOT_A_TASK =
  'index.js must export a task as its default export (`export default defineTask({ run })`: __tickworkTask 1 and a run function)';

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What the isolate's failure means: the wall limit, the memory limit, or (rarely) an isolated-vm error. */
export function crashOf(
  error: unknown,
  isolate: ivm.Isolate,
  timedOut: boolean,
  limits: TaskLimits,
): TaskFailure {
  const message = messageOf(error);
  if (timedOut || /execution timed out/i.test(message))
    return new TaskFailure('task_timeout', `the task ran longer than its ${limits.timeoutMs / 1000} s limit`);
  if (/memory limit/i.test(message) || isolate.isDisposed)
    return new TaskFailure(
      'task_memory_limit',
      `the task used more than its ${limits.memoryMb} MB memory limit`,
    );
  return new TaskFailure('task_threw', `the task threw: ${message}`);
}

/** A module that fails to load is the bundle's fault (load_failed), unless a limit stopped it. */
export function loadFailureOf(
  prefix: string,
  error: unknown,
  isolate: ivm.Isolate,
  timedOut: boolean,
  limits: TaskLimits,
): TaskFailure {
  const message = messageOf(error);
  if (timedOut || isolate.isDisposed || /execution timed out|memory limit/i.test(message))
    return crashOf(error, isolate, timedOut, limits);
  return new TaskFailure('load_failed', `${prefix}: ${message}`);
}
