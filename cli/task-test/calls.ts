import { readFileSync } from 'node:fs';
import {
  type Abi,
  type AbiFunction,
  decodeFunctionData,
  parseAbi,
  parseAbiItem,
  toFunctionSelector,
} from 'viem';
import { declaresCall, type Permissions, signaturesBySelector } from '@/lib/functions/permissions';
import type { JsonObject, PlannedCall } from '@/lib/runtime/task-types';
import { CliError, userPath } from '../output';

// The calls a run returned, decoded where an ABI is known: `--abi` files, then the function signatures
// permissions.json names. Otherwise the 4-byte selector is all there is.

/** One `--abi` file: a JSON ABI array, an artifact `{ abi: [...] }`, or human-readable signatures. */
function readAbiFile(file: string): Abi {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(userPath(file), 'utf8'));
  } catch (error) {
    throw new CliError(`--abi ${file}: ${(error as Error).message}`);
  }
  const items = Array.isArray(json) ? json : (json as { abi?: unknown } | null)?.abi;
  if (!Array.isArray(items)) throw new CliError(`--abi ${file}: expected an ABI array or { "abi": [...] }`);
  try {
    return items.every((i) => typeof i === 'string') ? parseAbi(items as string[]) : (items as Abi);
  } catch (error) {
    throw new CliError(`--abi ${file}: ${(error as Error).message}`);
  }
}

/** The ABI to decode with: the `--abi` files, then permissions.json's signatures (parameters without names). */
export function decodingAbi(files: string[], permissions: Permissions | null): Abi {
  const fromPermissions = [...signaturesBySelector([permissions]).values()].map(
    (signature) => parseAbiItem(`function ${signature}`) as AbiFunction,
  );
  return [...files.flatMap(readAbiFile), ...fromPermissions];
}

export type DecodedCall = PlannedCall & {
  /** The first 4 bytes of data, or null for a plain transfer. */
  selector: string | null;
  /** `name(type,…)` and the decoded args (bigints as decimal strings), when the ABI knows the selector. */
  function: { name: string; signature: string; args: unknown[] } | null;
  /** Whether permissions.json declares it (the engine refuses the run with call_not_permitted otherwise). */
  permitted: boolean | null;
};

/** JSON-safe: bigints as decimal strings, deeply. */
export const plain = (value: unknown): unknown =>
  typeof value === 'bigint'
    ? value.toString()
    : Array.isArray(value)
      ? value.map(plain)
      : value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]))
        : value;

function decodeFunction(abi: Abi, data: `0x${string}`): DecodedCall['function'] {
  if (data.length < 10) return null;
  try {
    const { functionName, args } = decodeFunctionData({ abi, data });
    const fn = abi.find(
      (i): i is AbiFunction =>
        i.type === 'function' && i.name === functionName && toFunctionSelector(i) === data.slice(0, 10),
    );
    const signature = fn ? `${fn.name}(${fn.inputs.map((p) => p.type).join(',')})` : functionName;
    return { name: functionName, signature, args: (plain(args ?? []) as unknown[]) ?? [] };
  } catch {
    return null;
  }
}

export function decodeCalls(
  calls: PlannedCall[],
  abi: Abi,
  permissions: Permissions | null,
  args: JsonObject,
): DecodedCall[] {
  return calls.map((call) => ({
    ...call,
    selector: call.data.length >= 10 ? call.data.slice(0, 10) : null,
    function: decodeFunction(abi, call.data),
    permitted: permissions ? declaresCall(permissions, call, JSON.stringify(args)) : null,
  }));
}
