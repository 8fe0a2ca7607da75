import { z } from 'zod';
import type { TaskLimits } from '../../task-runner/limits';
import { MAX_MESSAGE_BYTES, sanitizer } from '../../task-runner/redact';
import { callDataTooLarge } from '../../task-runner/result';
import type { TaskInput, TaskOutcome } from '../../task-types';

// The host does not take a worker's word: an outcome from inside a sandbox is checked against the shape and the
// limits of a run, and its messages are redacted again, before anything of it is stored or submitted.

const hex = (pattern: RegExp) => z.string().regex(pattern);
const PlannedCall = z.object({
  to: hex(/^0x[0-9a-fA-F]{40}$/),
  data: hex(/^0x([0-9a-fA-F]{2})*$/),
  value: z.string().regex(/^\d{1,78}$/),
});
const LogLine = z.object({
  level: z.enum(['debug', 'info', 'warn', 'error']),
  message: z.string(),
  at: z.string(),
});

function outcomeSchema(limits: TaskLimits) {
  const common = {
    logs: z.array(LogLine).max(limits.maxLogLines + 1),
    storage: z.record(z.string(), z.unknown()),
    storageChanged: z.boolean(),
    rpcRequests: z.number().int().min(0).max(limits.maxRpcRequests),
    fetchRequests: z.number().int().min(0).max(limits.maxFetchRequests),
    durationMs: z.number().min(0),
  };
  return z.discriminatedUnion('kind', [
    z.object({ ...common, kind: z.literal('skip'), message: z.string().nullable() }),
    z.object({
      ...common,
      kind: z.literal('exec'),
      message: z.string().nullable(),
      calls: z.array(PlannedCall).min(1).max(limits.maxCalls),
    }),
    z.object({
      ...common,
      kind: z.literal('error'),
      error: z.object({ code: z.string(), message: z.string() }),
    }),
    z.object({ ...common, kind: z.literal('callback') }),
  ]);
}

/**
 * The worker's outcome, checked and redacted; null when it is not an outcome a run could have (a broken or
 * subverted worker). Storage over the limit is refused here too; calls over the data cap end the run as the
 * in-sandbox check would.
 */
export function checkedOutcome(raw: unknown, input: TaskInput, limits: TaskLimits): TaskOutcome | null {
  const parsed = outcomeSchema(limits).safeParse(raw);
  if (!parsed.success) return null;
  const outcome = parsed.data as TaskOutcome;
  if (outcome.storageChanged && Buffer.byteLength(JSON.stringify(outcome.storage)) > limits.maxStorageBytes)
    return null;
  const sanitize = sanitizer(input.secrets);
  const logs = outcome.logs.map((l) => ({ ...l, message: sanitize(l.message, limits.maxLogMessageBytes) }));
  const storage = outcome.storageChanged ? outcome.storage : input.storage;
  if (outcome.kind === 'error')
    return {
      ...outcome,
      logs,
      storage: input.storage,
      storageChanged: false,
      error: {
        code: outcome.error.code.slice(0, 64),
        message: sanitize(outcome.error.message, MAX_MESSAGE_BYTES),
      },
    };
  if (outcome.kind === 'callback') return { ...outcome, logs, storage };
  // A worker built before the cap (a Daytona sandbox's) lets big calls through: the host refuses them the same way.
  const tooLarge = outcome.kind === 'exec' && callDataTooLarge(outcome.calls, limits.maxCallDataBytes);
  if (tooLarge)
    return {
      kind: 'error',
      logs,
      storage: input.storage,
      storageChanged: false,
      rpcRequests: outcome.rpcRequests,
      fetchRequests: outcome.fetchRequests,
      durationMs: outcome.durationMs,
      error: { code: tooLarge.code, message: tooLarge.message },
    };
  return {
    ...outcome,
    logs,
    storage,
    message: outcome.message === null ? null : sanitize(outcome.message, MAX_MESSAGE_BYTES),
  };
}
