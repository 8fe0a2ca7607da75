import type { TaskError, TaskHost, TaskInput, TaskOutcome } from '../task-types';
import type { RequestCounters } from './bridges';
import { TaskFailure } from './failure';
import { type FreshIsolate, runInIsolate } from './isolate';
import { DEFAULT_TASK_LIMITS, type TaskLimits } from './limits';
import { logCollector } from './logs';
import { MAX_MESSAGE_BYTES, sanitizer } from './redact';
import { storageAfter } from './storage';

// The local task runner: one run of a task's index.js in a fresh isolated-vm isolate. The guest gets a
// TaskContext whose storage, secrets, log and timers live inside the isolate, while chain requests, fetches
// and timer sleeps cross to the host; what comes back is checked and normalised into a TaskOutcome.

export { type FreshIsolate, freshIsolate } from './isolate';
export { DEFAULT_TASK_LIMITS, type TaskLimits };

/**
 * Runs the task once in a fresh isolate (`prepared`, when one was made ahead) and answers its outcome. Never
 * throws for anything the task does: timeouts, memory bombs, throws and bad results all come back as
 * `kind: 'error'`.
 */
export async function runTask(
  input: TaskInput,
  host: TaskHost,
  limitOverrides: Partial<TaskLimits> = {},
  prepared?: FreshIsolate,
): Promise<TaskOutcome> {
  const limits: TaskLimits = { ...DEFAULT_TASK_LIMITS, ...limitOverrides };
  const started = performance.now();
  const sanitize = sanitizer(input.secrets);
  const logs = logCollector(limits, sanitize);
  const counters: RequestCounters = { rpcRequests: 0, fetchRequests: 0 };

  const { ending, storageJson } = await runInIsolate(
    input,
    host,
    limits,
    { logs, counters, sanitize },
    prepared,
  );
  const durationMs = Math.round(performance.now() - started);

  const common = {
    logs: logs.lines(),
    rpcRequests: counters.rpcRequests,
    fetchRequests: counters.fetchRequests,
  };
  const failed = (failure: TaskFailure): TaskOutcome => {
    const error: TaskError = { code: failure.code, message: sanitize(failure.message, MAX_MESSAGE_BYTES) };
    // Nothing of a failed run is committed, storage included.
    return { kind: 'error', error, ...common, storage: input.storage, storageChanged: false, durationMs };
  };
  if (ending instanceof TaskFailure) return failed(ending);
  try {
    return {
      ...ending,
      ...common,
      ...storageAfter(input.storage, storageJson, limits.maxStorageBytes),
      durationMs,
    };
  } catch (error) {
    if (error instanceof TaskFailure) return failed(error);
    throw error;
  }
}
