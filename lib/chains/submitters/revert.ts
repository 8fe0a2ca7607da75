// Turns the revert data of an `executeBatch` into a sentence fit for the execution record. Simple7702Account
// (account-abstraction 0.8, BaseAccount) reverts a batch of two or more calls with
// `ExecuteError(uint256 index, bytes error)` wrapping the failing call's own revert data, and re-throws that
// data unwrapped when the batch holds a single call.
import {
  type Address,
  BaseError,
  decodeErrorResult,
  type Hex,
  HttpRequestError,
  isHex,
  parseAbi,
  size,
  slice,
  TimeoutError,
} from 'viem';
import { rolesAbi, Status } from 'zodiac-roles-sdk';
import { allowanceName } from '@/lib/zodiac/condition-tree';
import { SubmissionError } from './types';

// The contract names the bytes parameter `error`, which abitype refuses as a name; names do not change the selector.
const executeErrorAbi = parseAbi(['error ExecuteError(uint256 index, bytes reason)']);

/** Solidity's panic codes, in decimal (0x01, 0x11, 0x12, 0x21, …); viem keeps its own table private. */
const PANIC_REASONS: Record<number, string> = {
  1: 'assertion failed',
  17: 'arithmetic overflow or underflow',
  18: 'division or modulo by zero',
  33: 'invalid enum value',
  34: 'incorrectly encoded storage byte array',
  49: 'pop on an empty array',
  50: 'array index out of bounds',
  65: 'too much memory allocated',
  81: 'call to a zero-initialized internal function',
};

/** What a ConditionViolation's status and info say, in words (empty when the name says it all). */
function violationDetail(status: number, info: Hex): string {
  switch (status) {
    case Status.FunctionNotAllowed:
      return ` (function ${slice(info, 0, 4)})`;
    case Status.AllowanceExceeded:
    case Status.CallAllowanceExceeded:
    case Status.EtherAllowanceExceeded:
      return ` (allowance "${allowanceName(info)}" has less left than the call spends)`;
    case Status.ParameterNotAllowed:
    case Status.OrViolation:
      return ' (an argument is not a value the role allows)';
    case Status.ParameterLessThanAllowed:
      return " (an argument is below the role's minimum)";
    case Status.ParameterGreaterThanAllowed:
      return " (an argument is above the role's maximum)";
    default:
      return '';
  }
}

/** The Zodiac Roles v2 errors a roles profile's calls can meet, in words (`Status` names the condition). */
function describeRolesError(data: Hex): string | null {
  let decoded: { errorName: string; args?: readonly unknown[] };
  try {
    decoded = decodeErrorResult({ abi: rolesAbi, data }) as typeof decoded;
  } catch {
    return null;
  }
  const [first, second] = decoded.args ?? [];
  switch (decoded.errorName) {
    case 'ConditionViolation': {
      const status = Number(first);
      return `with the Roles error ConditionViolation: ${Status[status] ?? `status ${status}`}${violationDetail(status, second as Hex)}`;
    }
    case 'NoMembership':
      return 'with the Roles error NoMembership: the executor does not hold the role (the owners revoked it?)';
    case 'NotAuthorized':
      return `with the Roles error NotAuthorized: ${String(first)} is not a module of the Roles modifier`;
    case 'ModuleTransactionFailed':
      return 'with the Roles error ModuleTransactionFailed: the call itself reverted inside the Safe';
    case 'Error':
    case 'Panic':
      return null;
    default:
      return `with the Roles error ${decoded.errorName}`;
  }
}

/** Why one call reverted: Error(string), Panic(uint256), a Roles error, a custom error's selector, or no data. */
export function describeRevertReason(data: Hex | undefined): string {
  if (!data || size(data) === 0) return 'without a reason (empty revert data)';
  if (size(data) < 4) return `with malformed revert data (${size(data)} bytes)`;
  const roles = describeRolesError(data);
  if (roles) return roles;
  try {
    // With no ABI given, viem still knows Error(string) and Panic(uint256).
    const { errorName, args } = decodeErrorResult({ abi: [], data });
    if (errorName === 'Error') return `with Error("${printable(String(args?.[0]))}")`;
    if (errorName === 'Panic') {
      const code = Number(args?.[0]);
      return `with Panic(0x${code.toString(16)}): ${PANIC_REASONS[code] ?? 'unknown panic code'}`;
    }
  } catch {
    // An unknown selector: a custom error whose ABI we do not have.
  }
  return `with custom error ${slice(data, 0, 4)} (${size(data)} bytes of revert data)`;
}

/**
 * Names the failing call of a batch (zero-based, as ExecuteError counts) and its reason. `calls` are the batch's
 * calls in order, so the target can be named.
 */
export function describeBatchRevert(data: Hex | undefined, calls: readonly { to: Address }[]): string {
  const wrapped = decodeExecuteError(data);
  if (wrapped)
    return `call #${wrapped.index} (zero-based) to ${calls[wrapped.index]?.to ?? 'an unknown target'} reverted ${describeRevertReason(wrapped.reason)}`;
  // Not wrapped: a single call's own revert data, or the batch itself failed (e.g. out of gas between calls).
  if (calls.length === 1)
    return `call #0 (zero-based) to ${calls[0].to} reverted ${describeRevertReason(data)}`;
  return `the batch reverted ${describeRevertReason(data)}`;
}

function decodeExecuteError(data: Hex | undefined): { index: number; reason: Hex } | null {
  if (!data || size(data) < 4) return null;
  try {
    // viem also matches Error(string) and Panic(uint256) against any ABI, hence the name check.
    const decoded = decodeErrorResult({ abi: executeErrorAbi, data });
    if (decoded.errorName !== 'ExecuteError') return null;
    const [index, reason] = decoded.args as readonly [bigint, Hex];
    return { index: Number(index), reason };
  } catch {
    return null;
  }
}

/** The revert data a viem error carries from the node (eth_call / eth_estimateGas answer it as `error.data`). */
export function revertDataOf(error: unknown): Hex | undefined {
  if (!(error instanceof BaseError)) return undefined;
  const carrier = error.walk((e) => isHex((e as { data?: unknown }).data));
  const data = (carrier as { data?: Hex } | null)?.data;
  return data && isHex(data) ? data : undefined;
}

/** True when the node executed the call and it reverted, even when it gave no revert data. */
export const isRevert = (error: unknown) =>
  error instanceof BaseError && /revert/i.test(`${error.shortMessage} ${error.details ?? ''}`);

/** True when the node did not answer (HTTP failure or timeout), as opposed to answering with an error. */
export const isTransportFailure = (error: unknown) =>
  error instanceof BaseError &&
  !!error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError);

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

/**
 * A SubmissionError for an RPC failure that is not a revert. The node's own words (viem's `details`, e.g.
 * "nonce too low") are kept because viem's short message alone is generic, but URLs are masked and the text is
 * bounded to one line.
 */
export function chainFailure(code: string, action: string, error: unknown): SubmissionError {
  if (isTransportFailure(error))
    return new SubmissionError('rpc_unavailable', `the chain's RPC endpoint did not answer while ${action}`);
  if (!(error instanceof BaseError)) return new SubmissionError(code, `${action} failed unexpectedly`);
  const summary = error.shortMessage.replace(/\.$/, '');
  const detail = error.details ? ` (${error.details})` : '';
  return new SubmissionError(
    code,
    `${action} failed: ${printable(`${summary}${detail}`.replace(URL_PATTERN, '[url]'))}`,
  );
}

/** Contract-chosen text, kept to one printable line of bounded length. */
const printable = (text: string) =>
  text
    // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .slice(0, 200);
