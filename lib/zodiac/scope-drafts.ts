// The calls a Zodiac Roles role allows, as the console edits and reads them: targets with their functions, each
// function by selector and, where known, by signature and the conditions on its arguments. Pure and
// client-safe (no zodiac-roles-sdk import): the server turns a request into Roles conditions (scope-of-calls.ts).

import { getAddress, isAddress, toFunctionSelector } from 'viem';
import { plural } from '@/lib/plural';
import type { AllowanceSpec } from './allowance-spec';
import { type ArgConditions, conditionsWords } from './conditions';
import type { ScopeEntry } from './role';

/** The selector of a plain value transfer (empty calldata), as lib/zodiac/role.ts names it. */
const PLAIN_TRANSFER = '0x00000000';

export type FunctionDraft = { selector: string; signature: string | null; conditions?: ArgConditions };
export type TargetDraft = { to: string; functions: FunctionDraft[] };

/** permissions.json's shape (a release's `permissions`). */
export type PermissionCalls = {
  calls: { to: string; functions: string[]; conditions?: Record<string, ArgConditions> }[];
};

/** What the console asks the role for: calls in permissions.json's form, and the allowances they spend from. */
export type RoleRequest = PermissionCalls & { allowances: AllowanceSpec[] };

const SELECTOR = /^0x[0-9a-fA-F]{8}$/;
const SIGNATURE = /^[A-Za-z_$][A-Za-z0-9_$]*\(.*\)$/;

/** A function typed by hand or read from permissions.json: a signature or a 4-byte selector; null when neither. */
export function functionOf(ref: string): FunctionDraft | null {
  const text = ref.trim();
  if (SELECTOR.test(text)) return { selector: text.toLowerCase(), signature: null };
  if (!SIGNATURE.test(text)) return null;
  try {
    return { selector: toFunctionSelector(text), signature: text.replace(/\s+/g, '') };
  } catch {
    return null;
  }
}

/** The 4-byte selector of a function reference: a signature's, or the selector itself lower-cased. */
export const selectorOf = (ref: string) =>
  ref.startsWith('0x') ? ref.toLowerCase() : toFunctionSelector(ref);

/** `$args.<field>`: a target an executable's args name, unknown until one exists. */
export const isArgsTarget = (to: string) => to.startsWith('$args.');

const withFunction = (list: FunctionDraft[], fn: FunctionDraft) =>
  list.some((f) => f.selector === fn.selector) ? list : [...list, fn];

/**
 * A release's permissions.json as targets to edit (merged per address, checksummed) and the `$args.…` targets
 * apart: those cannot be allowed before an executable sets them.
 */
export function draftFromPermissions(permissions: PermissionCalls | null): {
  targets: TargetDraft[];
  argsTargets: TargetDraft[];
} {
  const targets: TargetDraft[] = [];
  const argsTargets: TargetDraft[] = [];
  for (const call of permissions?.calls ?? []) {
    const functions = call.functions.flatMap((ref) => {
      const fn = functionOf(ref);
      const conditions = call.conditions?.[ref];
      return fn ? [conditions ? { ...fn, conditions } : fn] : [];
    });
    if (isArgsTarget(call.to)) {
      argsTargets.push({ to: call.to, functions });
      continue;
    }
    if (!isAddress(call.to, { strict: false })) continue;
    const to = getAddress(call.to);
    const existing = targets.find((t) => t.to === to);
    if (existing) existing.functions = functions.reduce(withFunction, existing.functions);
    else targets.push({ to, functions: functions.reduce(withFunction, [] as FunctionDraft[]) });
  }
  return { targets, argsTargets };
}

/** Adds a function to a target (once per selector). */
export const addFunction = (target: TargetDraft, fn: FunctionDraft): TargetDraft => ({
  ...target,
  functions: withFunction(target.functions, fn),
});

/** What the role gets: targets with at least one function, selectors only. */
export const scopeOfDraft = (targets: readonly TargetDraft[]): ScopeEntry[] =>
  targets
    .filter((t) => t.functions.length > 0)
    .map((t) => ({ to: t.to, functions: t.functions.map((f) => f.selector) }));

/** The request the wizard sends: functions by signature where known (conditions need it), else selector. */
export function requestOfDraft(
  targets: readonly TargetDraft[],
  allowances: readonly AllowanceSpec[],
): RoleRequest {
  return {
    calls: targets
      .filter((t) => t.functions.length > 0)
      .map((t) => {
        const conditioned = t.functions.filter((f) => f.signature && f.conditions?.length);
        return {
          to: t.to,
          functions: t.functions.map((f) => f.signature ?? f.selector),
          ...(conditioned.length > 0 && {
            conditions: Object.fromEntries(
              conditioned.map((f) => [f.signature as string, f.conditions as ArgConditions]),
            ),
          }),
        };
      }),
    allowances: [...allowances],
  };
}

/** "increment() (0xd09de08a)", "0xd09de08a", or plain transfers in words. */
export function functionWords(fn: FunctionDraft): string {
  if (fn.selector === PLAIN_TRANSFER) return 'plain transfers of ether (no calldata)';
  return fn.signature ? `${fn.signature} (${fn.selector})` : fn.selector;
}

/**
 * One allowed (or missing) call in words: "Call increment() (0xd09de08a) on 0x…", with its conditions ("… only
 * when argument 1 (address) is …"), or a plain transfer.
 */
export function callWords(to: string, fn: FunctionDraft): string {
  const target = isArgsTarget(to) ? `the address in ${to}` : to;
  if (fn.selector === PLAIN_TRANSFER) return `Send ether to ${target} (plain transfers, no calldata)`;
  const conditions = fn.conditions?.some(Boolean) ? ` ${conditionsWords(fn.signature, fn.conditions)}` : '';
  return `Call ${functionWords(fn)} on ${target}${conditions}`;
}

/** A function as permissions.json or an API error names it (signature or selector), in words. */
export function functionRefWords(ref: string): string {
  const fn = functionOf(ref);
  return fn ? functionWords(fn) : ref;
}

/** "2 functions on 1 target": how much a scope allows. */
export function scopeSize(scope: readonly { functions: readonly string[] }[]): string {
  const functions = scope.reduce((n, e) => n + e.functions.length, 0);
  return `${plural(functions, 'function')} on ${plural(scope.length, 'target')}`;
}
