import { selectorOf } from '@/lib/functions/permissions';

type ReleasePermissions = { calls: { to: string; functions: string[] }[] } | null;

/** What a profile may call: everything, or a predicate over (target, 4-byte selector). */
export type ProfilePolicy =
  | { kind: 'unrestricted' }
  | { kind: 'restricted'; allows(to: string, selector: string): boolean };

export type MissingPermission = { to: string; functions: string[] };

/**
 * The call policy of a profile. Legacy profiles send from their own account, so everything is covered. Safe
 * and roles policies are not checkable yet (their on-chain policy is not read), so they count as covered too;
 * a reader of the Roles modifier slots in here as a `restricted` policy.
 */
export function profilePolicy(_profile: { kind: 'legacy' | 'safe' | 'roles' }): ProfilePolicy {
  return { kind: 'unrestricted' };
}

/**
 * The release's permissions.json calls the profile may not make, grouped per target (empty: covered).
 * `policy` defaults to the profile's own; tests pass a fake one.
 */
export function checkPermissionsCoverage(
  release: { permissions: ReleasePermissions },
  profile: { kind: 'legacy' | 'safe' | 'roles' },
  policy: ProfilePolicy = profilePolicy(profile),
): MissingPermission[] {
  if (policy.kind === 'unrestricted' || !release.permissions) return [];
  const missing: MissingPermission[] = [];
  for (const call of release.permissions.calls) {
    const functions = call.functions.filter((fn) => !policy.allows(call.to.toLowerCase(), selectorOf(fn)));
    if (functions.length > 0) missing.push({ to: call.to, functions });
  }
  return missing;
}
