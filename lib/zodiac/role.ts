// The role a roles profile's executor holds on its Zodiac Roles v2 modifier, in the SDK's `Role` shape: built
// from permissions (what a release declares), and turned into the Roles calls that move the chain's role to it.
// Planning and encoding use zodiac-roles-sdk's pure functions (`processPermissions`, `callsPlannedForApplyRole`,
// `encodeCalls`); its `plan*` helpers are never used: they query a subgraph and a license server.
import type { Address, Hex } from 'viem';
import {
  type Condition,
  callsPlannedForApplyRole,
  encodeCalls,
  encodeKey,
  processPermissions,
  type Role,
} from 'zodiac-roles-sdk';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { canonicalCondition } from './condition-tree';

/** One role per modifier: the executor's. */
export const TICKWORK_ROLE_KEY: Hex = encodeKey('tickwork');

/**
 * A target and the 4-byte selectors allowed on it (`0x00000000`: a plain transfer with empty data), with the
 * Roles condition on the arguments of those that have one (by selector; condition-tree.ts builds and reads them).
 */
export type ScopeEntry = { to: string; functions: string[]; conditions?: Record<string, Condition> };

export const PLAIN_TRANSFER = '0x00000000';

/**
 * Lower-cased, one entry per target, selectors sorted and unique: the form roles are compared in. A later
 * entry's condition for a selector replaces an earlier one's; a later entry without one leaves it.
 */
export function normalizeScope(entries: readonly ScopeEntry[]): ScopeEntry[] {
  const byTarget = new Map<string, { functions: Set<string>; conditions: Map<string, Condition> }>();
  for (const { to, functions, conditions } of entries) {
    const target = byTarget.get(to.toLowerCase()) ?? { functions: new Set<string>(), conditions: new Map() };
    for (const fn of functions) target.functions.add(fn.toLowerCase());
    for (const [selector, condition] of Object.entries(conditions ?? {}))
      target.conditions.set(selector.toLowerCase(), canonicalCondition(condition));
    byTarget.set(to.toLowerCase(), target);
  }
  return [...byTarget]
    .filter(([, t]) => t.functions.size > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([to, t]) => {
      const functions = [...t.functions].sort();
      const conditions = functions.filter((fn) => t.conditions.has(fn));
      return {
        to,
        functions,
        ...(conditions.length > 0 && {
          conditions: Object.fromEntries(conditions.map((fn) => [fn, t.conditions.get(fn) as Condition])),
        }),
      };
    });
}

export const emptyRole = (key: Hex = TICKWORK_ROLE_KEY): Role => ({
  key,
  members: [],
  targets: [],
  annotations: [],
  lastUpdate: 0,
});

/**
 * The role that allows exactly `scope` to `member`: each function with its condition on the arguments, if it
 * has one. Only plain transfers may carry value (`Send`): permissions.json does not say which calls send
 * ether, so function calls are granted none (a task that sends value with a call fails `SendNotAllowed`).
 */
export function roleFor(member: Address, scope: readonly ScopeEntry[], key: Hex = TICKWORK_ROLE_KEY): Role {
  const permissions = normalizeScope(scope).flatMap(({ to, functions, conditions }) =>
    functions.map((selector) => ({
      targetAddress: to as Address,
      selector: selector as Hex,
      send: selector === PLAIN_TRANSFER,
      ...(conditions?.[selector] && { condition: conditions[selector] }),
    })),
  );
  return {
    key,
    members: [member.toLowerCase() as Address],
    targets: permissions.length > 0 ? processPermissions(permissions).targets : [],
    annotations: [],
    lastUpdate: 0,
  };
}

/** The modifier calls that turn role `current` (as read from the chain) into `wanted`; none when equal. */
export function roleChangeCalls(modifier: Address, current: Role, wanted: Role): PlannedCall[] {
  const planned = callsPlannedForApplyRole(current, wanted).filter((c) => c.call !== 'postAnnotations');
  return encodeCalls(planned, modifier).map((c) => ({
    to: c.to as Address,
    data: c.data as Hex,
    value: '0',
  }));
}

/** `current` plus `scope` (the members kept): what extending a role asks for. */
export function extendedRole(current: Role, member: Address, scope: readonly ScopeEntry[]): Role {
  const wanted = roleFor(member, [...scopeOf(current), ...scope], current.key);
  return {
    ...wanted,
    members: [...new Set([...current.members.map((m) => m.toLowerCase() as Address), ...wanted.members])],
  };
}

/**
 * The (target, selector) pairs a role allows function by function, with their conditions (whole-target
 * clearances are not listed).
 */
export function scopeOf(role: Role): ScopeEntry[] {
  return role.targets
    .filter((t) => t.clearance === 2)
    .map((t) => {
      const conditioned = t.functions.filter((f) => !f.wildcarded && f.condition);
      return {
        to: t.address,
        functions: t.functions.map((f) => f.selector),
        ...(conditioned.length > 0 && {
          conditions: Object.fromEntries(conditioned.map((f) => [f.selector, f.condition as Condition])),
        }),
      };
    });
}
