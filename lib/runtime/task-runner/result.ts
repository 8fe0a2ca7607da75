import { z } from 'zod';
import { AddressSchema } from '@/lib/chains/address';
import type { PlannedCall } from '../task-types';
import { TaskFailure } from './failure';
import type { TaskLimits } from './limits';
import { MAX_MESSAGE_BYTES, type Sanitize } from './redact';

// The task's result, checked and normalised: checksummed addresses, lower-case data, wei as a decimal string.

const MAX_UINT256 = 2n ** 256n - 1n;

const DataSchema = z
  .string({ error: 'must be a 0x hex string' })
  .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be 0x hex of whole bytes (an even number of digits)')
  .transform((data) => data.toLowerCase() as `0x${string}`);

/** The amount in wei, or what is wrong with it. */
function parseWei(text: string): bigint | string {
  if (!/^-?\d+$/.test(text) && !/^0x[0-9a-fA-F]+$/.test(text))
    return 'must be a bigint, a decimal string or a 0x hex quantity';
  const amount = BigInt(text);
  if (amount < 0n) return 'must not be negative';
  if (amount > MAX_UINT256) return 'must fit in 256 bits';
  return amount;
}

/** Wei as a decimal string. A bigint arrives here as its decimal string (converted inside the isolate). */
const WeiSchema = z
  .string({ error: 'must be a bigint, a decimal string or a 0x hex quantity' })
  .transform((text, ctx) => {
    const wei = parseWei(text);
    if (typeof wei === 'bigint') return wei.toString();
    ctx.addIssue({ code: 'custom', message: wei });
    return z.NEVER;
  });

const CallSchema = z.object(
  { to: AddressSchema, data: DataSchema, value: WeiSchema.nullish().transform((value) => value ?? '0') },
  { error: 'must be an object { to, data, value? }' },
);

const ResultSchema = z.object(
  {
    canExec: z.boolean({ error: 'must be true or false' }),
    message: z.string({ error: 'must be a string' }).nullish(),
    calls: z.unknown().optional(),
  },
  { error: 'must be an object: { canExec: false } or { canExec: true, calls: [...] }' },
);

const callsSchema = (maxCalls: number) =>
  z
    .array(CallSchema, { error: 'must be an array of calls when canExec is true' })
    .min(1, 'must hold at least one call when canExec is true')
    .max(maxCalls, `must hold at most ${maxCalls} calls`);

/** Names the first wrong field: `invalid result: calls[0].to must be a 20-byte 0x hex address`. */
function invalidResult(error: z.ZodError, under: PropertyKey[] = []): TaskFailure {
  const issue = error.issues[0];
  const field = [...under, ...(issue?.path ?? [])]
    .map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index === 0 ? '' : '.'}${String(key)}`))
    .join('');
  return new TaskFailure('invalid_result', `invalid result: ${field || 'the result'} ${issue?.message}`);
}

export type Verdict =
  | { kind: 'skip'; message: string | null }
  | { kind: 'exec'; message: string | null; calls: PlannedCall[] };

const dataBytes = (call: Pick<PlannedCall, 'data'>) => (call.data.length - 2) / 2;

/**
 * `call_data_too_large` when the calls carry more `data` together than one transaction may (`maxCallDataBytes`),
 * naming the largest call; null when they fit. Checked before anything is stored or simulated.
 */
export function callDataTooLarge(
  calls: readonly Pick<PlannedCall, 'data'>[],
  maxBytes: number,
): TaskFailure | null {
  const sizes = calls.map(dataBytes);
  const total = sizes.reduce((sum, size) => sum + size, 0);
  if (total <= maxBytes) return null;
  const largest = sizes.indexOf(Math.max(...sizes));
  return new TaskFailure(
    'call_data_too_large',
    `the calls carry ${total} bytes of data (calls[${largest}].data ${sizes[largest]} bytes); a run's calls may carry at most ${maxBytes} bytes together, as they are sent in one transaction`,
  );
}

type ResultLimits = Pick<TaskLimits, 'maxCalls' | 'maxCallDataBytes'>;

/** The run's verdict from the result's JSON (undefined when the task returned nothing), or a TaskFailure. */
export function verdictOf(resultJson: string | undefined, limits: ResultLimits, sanitize: Sanitize): Verdict {
  const shape = ResultSchema.safeParse(resultJson === undefined ? undefined : JSON.parse(resultJson));
  if (!shape.success) throw invalidResult(shape.error);
  const message = shape.data.message == null ? null : sanitize(shape.data.message, MAX_MESSAGE_BYTES);
  if (!shape.data.canExec) return { kind: 'skip', message };
  const calls = callsSchema(limits.maxCalls).safeParse(shape.data.calls);
  if (!calls.success) throw invalidResult(calls.error, ['calls']);
  const tooLarge = callDataTooLarge(calls.data, limits.maxCallDataBytes);
  if (tooLarge) throw tooLarge;
  return { kind: 'exec', message, calls: calls.data };
}
