// Whether a profile may make the calls a release declares. Legacy and Safe profiles send from an account whose
// every call Tickwork can make, so they cover everything; a roles profile covers what its executor's role on the
// Roles modifier allows, read from the chain (owners' changes outside Tickwork included, cached briefly).
import { getAddress } from 'viem';
import type { profiles } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { resolvePermissions } from '@/lib/functions/permissions';
import { chainRole, type ProfileForTx } from '@/lib/profiles/safe-transaction-plans';
import { argsOfCondition } from '@/lib/zodiac/condition-tree';
import { type ArgConditions, looserThanRole } from '@/lib/zodiac/conditions';
import { roleAllows } from '@/lib/zodiac/read';
import { type PermissionCalls, selectorOf } from '@/lib/zodiac/scope-drafts';

type ReleasePermissions = PermissionCalls | null;

/**
 * What a profile may call: everything, or a predicate over (target, 4-byte selector) that answers false, true
 * (any arguments) or the Roles condition the chain checks the arguments with.
 */
export type ProfilePolicy =
  | { kind: 'unrestricted' }
  | {
      kind: 'restricted';
      /** the role's avatar (the Safe), which an `avatar` condition means */
      safe?: string;
      allows(to: string, selector: string): ReturnType<typeof roleAllows>;
    };

/**
 * Calls a release declares that the profile does not allow, in permissions.json's form (the conditions the
 * release declares on them included: what allowing them asks for), with `looserConditions`: why declared
 * argument conditions are looser than the role's (one sentence each, naming the function and argument).
 */
export type MissingPermission = {
  to: string;
  functions: string[];
  conditions?: Record<string, ArgConditions>;
  looserConditions?: string[];
};

export type CoverageProfile = Pick<typeof profiles.$inferSelect, 'kind'> &
  Partial<Omit<ProfileForTx, 'kind'>>;

/** The call policy of a profile: a roles profile's role as the chain has it now (503 when it cannot be read). */
export async function profilePolicy(profile: CoverageProfile): Promise<ProfilePolicy> {
  if (profile.kind !== 'roles') return { kind: 'unrestricted' };
  const chain = profile.chainId !== undefined ? findChain(profile.chainId) : undefined;
  if (!chain || !profile.executor || !profile.rolesModifier)
    return { kind: 'restricted', allows: () => false };
  try {
    // read fresh: a coverage check guards a mutation, and the owners may have changed the role a moment ago
    const role = await chainRole(chain, profile as ProfileForTx, { fresh: true });
    const executor = getAddress(profile.executor);
    return {
      kind: 'restricted',
      safe: profile.address,
      allows: (to, selector) => roleAllows(role, executor, to, selector),
    };
  } catch {
    throw apiError(
      'chain_unavailable',
      "the profile's role could not be read from the chain to check the release's permissions; try again",
    );
  }
}

/**
 * The release's permissions.json calls the profile may not make, grouped per target (empty: covered), with
 * `$args.<field>` targets resolved from `args` (the executable's saved args). A reference args do not resolve
 * is missing too, under its `$args.…` name. A function the role allows under conditions is missing when the
 * release declares conditions on it that are looser (a release that declares none leaves the arguments to the
 * role). `policy` defaults to the profile's own; tests pass a fake one.
 */
export async function checkPermissionsCoverage(
  release: { permissions: ReleasePermissions },
  profile: CoverageProfile,
  args: string | null,
  policy?: ProfilePolicy,
): Promise<MissingPermission[]> {
  if (!release.permissions) return [];
  const { calls, unresolved } = resolvePermissions(release.permissions, args);
  const missing: MissingPermission[] = release.permissions.calls
    .filter((c) => unresolved.includes(c.to))
    .map((c) => ({ to: c.to, functions: c.functions }));
  const effective = policy ?? (await profilePolicy(profile));
  if (effective.kind === 'unrestricted') return missing;
  for (const call of calls) {
    const functions: string[] = [];
    const looserConditions: string[] = [];
    for (const fn of call.functions) {
      const allowed = effective.allows(call.to.toLowerCase(), selectorOf(fn));
      if (allowed === false) functions.push(fn);
      else if (allowed !== true && call.conditions?.[fn]) {
        const roleArgs = argsOfCondition(fn, allowed.condition);
        const looser = roleArgs
          ? looserThanRole(fn, call.conditions[fn], roleArgs, effective.safe ?? '')
          : [];
        if (looser.length > 0) {
          functions.push(fn);
          looserConditions.push(...looser);
        }
      }
    }
    const declared = functions.filter((fn) => call.conditions?.[fn]);
    if (functions.length > 0)
      missing.push({
        to: call.to,
        functions,
        ...(declared.length > 0 && {
          conditions: Object.fromEntries(declared.map((fn) => [fn, call.conditions?.[fn] as ArgConditions])),
        }),
        ...(looserConditions.length > 0 && { looserConditions }),
      });
  }
  return missing;
}
