// The role a roles profile's executor holds on its Zodiac Roles v2 modifier, in the SDK's `Role` shape: built
// from permissions (what a release declares), and turned into the Roles calls that move the chain's role to it.
// Planning and encoding use zodiac-roles-sdk's pure functions (`processPermissions`, `callsPlannedForApplyRole`,
// `encodeCalls`); its `plan*` helpers are never used: they query a subgraph and a license server.
import type { Address, Hex } from 'viem';
import {
  callsPlannedForApplyRole,
  encodeCalls,
  encodeKey,
  processPermissions,
  type Role,
} from 'zodiac-roles-sdk';
import type { PlannedCall } from '@/lib/runtime/task-types';

/** One role per modifier: the executor's. */
export const TICKWORK_ROLE_KEY: Hex = encodeKey('tickwork');

/** A target and the 4-byte selectors allowed on it (`0x00000000`: a plain transfer with empty data). */
export type ScopeEntry = { to: string; functions: string[] };

export const PLAIN_TRANSFER = '0x00000000';

/** Lower-cased, one entry per target, selectors sorted and unique: the form roles are compared in. */
export function normalizeScope(entries: readonly ScopeEntry[]): ScopeEntry[] {
  const byTarget = new Map<string, Set<string>>();
  for (const { to, functions } of entries) {
    const set = byTarget.get(to.toLowerCase()) ?? new Set<string>();
    for (const fn of functions) set.add(fn.toLowerCase());
    byTarget.set(to.toLowerCase(), set);
  }
  return [...byTarget]
    .filter(([, fns]) => fns.size > 0)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([to, fns]) => ({ to, functions: [...fns].sort() }));
}

export const emptyRole = (key: Hex = TICKWORK_ROLE_KEY): Role => ({
  key,
  members: [],
  targets: [],
  annotations: [],
  lastUpdate: 0,
});

/**
 * The role that allows exactly `scope` to `member`. Functions are allowed with no conditions on their
 * arguments; only plain transfers may carry value (`Send`): permissions.json does not say which calls send
 * ether, so function calls are granted none (a task that sends value with a call fails `SendNotAllowed`).
 */
export function roleFor(member: Address, scope: readonly ScopeEntry[], key: Hex = TICKWORK_ROLE_KEY): Role {
  const permissions = normalizeScope(scope).flatMap(({ to, functions }) =>
    functions.map((selector) => ({
      targetAddress: to as Address,
      selector: selector as Hex,
      send: selector === PLAIN_TRANSFER,
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

/** The (target, selector) pairs a role allows function by function (whole-target clearances are not listed). */
export function scopeOf(role: Role): ScopeEntry[] {
  return role.targets
    .filter((t) => t.clearance === 2)
    .map((t) => ({ to: t.address, functions: t.functions.map((f) => f.selector) }));
}
