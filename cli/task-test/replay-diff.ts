import type { PlannedCall, RunOutcome } from '@/lib/runtime/task-types';

// What `tickwork replay` compares: the decision the recorded run's task took (skip, exec with its calls, or an
// error) against the one the replay took, field by field.

/** The part of the replay record (GET /api/v1/executions/{id}/replay) the comparison reads. */
export type RecordedExecution = {
  status: string;
  dryRun: boolean;
  message: string | null;
  calls: { to: string; selector: string; value?: string }[] | null;
  error: { code: string; message: string } | null;
};

/** skip / exec / error: what the task decided; `none` when the recorded run never got a decision from its task. */
export type Decision = 'skip' | 'exec' | 'error' | 'none';

/** Errors the task itself caused (docs/executions.md); any other failure before calls came after, or before, it. */
const TASK_ERRORS = new Set([
  'release_unavailable',
  'invalid_arguments',
  'load_failed',
  'not_a_task',
  'task_threw',
  'task_timeout',
  'task_memory_limit',
  'invalid_result',
  'call_data_too_large',
  'storage_too_large',
]);

/**
 * The recorded run's decision: calls on the record mean the task returned calls (whatever happened to them
 * after: simulation, submission); a skip without calls is a skip; a failure with a task error code is an error.
 * Anything else (storage_locked, executable_unavailable, an unfinished run) never had the task decide.
 */
export function recordedDecision(e: RecordedExecution): Decision {
  if (e.calls !== null) return 'exec';
  if (e.status === 'skipped') return 'skip';
  if (e.status === 'failed' && e.error && TASK_ERRORS.has(e.error.code)) return 'error';
  return 'none';
}

export type Difference = {
  field: 'decision' | 'message' | 'calls' | 'error';
  recorded: unknown;
  replayed: unknown;
};

/** What the record keeps of a call: target, 4-byte selector ('0x' for a plain transfer), value when not zero. */
const callKey = (c: { to: string; selector?: string; data?: string; value?: string }) => ({
  to: c.to.toLowerCase(),
  selector: (c.selector ?? (c.data && c.data.length >= 10 ? c.data.slice(0, 10) : '0x')).toLowerCase(),
  value: c.value && c.value !== '0' ? c.value : '0',
});

const sameCalls = (recorded: RecordedExecution['calls'], replayed: PlannedCall[]) =>
  JSON.stringify((recorded ?? []).map(callKey)) === JSON.stringify(replayed.map(callKey));

/**
 * The differences between the recorded run and the replay (empty: the same). A dry run that returned calls
 * without a message is recorded with the engine's "dry run: …" summary: that message is not a difference.
 */
export function compareOutcomes(recorded: RecordedExecution, replay: RunOutcome): Difference[] {
  const before = recordedDecision(recorded);
  const after: Decision = replay.kind;
  if (before !== after) return [{ field: 'decision', recorded: before, replayed: after }];
  const out: Difference[] = [];
  if (replay.kind === 'error') {
    const error = recorded.error ?? { code: '', message: '' };
    if (error.code !== replay.error.code || error.message !== replay.error.message)
      out.push({ field: 'error', recorded: error, replayed: replay.error });
    return out;
  }
  const summary = recorded.dryRun && replay.message === null && recorded.message?.startsWith('dry run:');
  if (!summary && (recorded.message ?? null) !== replay.message)
    out.push({ field: 'message', recorded: recorded.message, replayed: replay.message });
  if (replay.kind === 'exec' && !sameCalls(recorded.calls, replay.calls))
    out.push({
      field: 'calls',
      recorded: (recorded.calls ?? []).map(callKey),
      replayed: replay.calls.map(callKey),
    });
  return out;
}
