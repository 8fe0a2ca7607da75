import { and, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { GasMode, PrivateSubmissionMode, ProfileKind, SandboxRuntime } from '@/db/enums';
import { executables, secrets, workspaces } from '@/db/schema';
import type { SecretBinding } from '@/db/schema/executables';
import { apiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { signaturesBySelector } from '@/lib/functions/permissions';
import { requireRelease } from '@/lib/functions/service';
import { allowancesNotHeld } from '@/lib/profiles/role-allowances';
import { coveringTransactionPreview } from '@/lib/profiles/roles';
import type { ProfileForTx } from '@/lib/profiles/safe-transaction-plans';
import type { SelfCallProfile } from '@/lib/profiles/self-calls';
import { requireProfile } from '@/lib/profiles/service';
import { gvisorConfigured } from '@/lib/runtime/runners';
import { PLANS } from '@/lib/usage/plans';
import { allowancesNamed } from '@/lib/zodiac/conditions';
import type { ScopeEntry } from '@/lib/zodiac/role';
import { scopeOfCalls } from '@/lib/zodiac/scope-of-calls';
import { GAS_MODES_BY_KIND } from './gas-modes';
import { type CoverageProfile, checkPermissionsCoverage, type MissingPermission } from './permissions';
import type { SecretBindingInput } from './schemas';
import { refuseSelfCalls } from './self-call-refusal';

// The checks an executable's configuration must pass on create and on every facet change.

export function checkGasMode(kind: ProfileKind, gasMode: GasMode) {
  const allowed = GAS_MODES_BY_KIND[kind];
  if (!allowed.includes(gasMode))
    throw apiError('gas_mode_not_allowed', `gas mode ${gasMode} is not available for ${kind} profiles`, {
      gasMode,
      allowedGasModes: allowed,
    });
}

/** `only` needs a chain with a private transaction endpoint (a run would otherwise never be sent). */
export function checkPrivateSubmission(chainId: number, mode: PrivateSubmissionMode | undefined) {
  if (mode === 'only' && !findChain(chainId)?.privateSubmission)
    throw apiError(
      'private_submission_unavailable',
      `privateSubmission "only" needs a private transaction endpoint, and chain ${chainId} names none`,
    );
}

/** A JSON-encoded args string must hold a JSON object. */
export function checkArgs(args: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(args);
  } catch {
    throw apiError('invalid_args', 'args must be a JSON-encoded object (the string is not valid JSON)');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw apiError('invalid_args', 'args must be a JSON-encoded object');
  return args;
}

/** The release an executable may run: of the workspace (404), in the project, not deleted. */
export async function usableRelease(db: DbOrTx, workspaceId: string, projectId: string, functionId: string) {
  const release = await requireRelease(db, workspaceId, functionId);
  if (release.projectId !== projectId)
    throw apiError('function_not_in_project', "the function is not a release of the executable's project", {
      functionId,
    });
  if (release.deletedAt)
    throw apiError('function_deleted', 'the function release is deleted', { functionId });
  return release;
}

/** The profile an executable may send with: of the workspace (404), same project, active, chain enabled. */
export async function usableProfile(db: DbOrTx, workspaceId: string, projectId: string, profileId: string) {
  const profile = await requireProfile(db, workspaceId, profileId);
  if (profile.projectId !== projectId)
    throw apiError('profile_not_in_project', "the profile is not in the executable's project", {
      profileId,
    });
  if (profile.state !== 'active')
    throw apiError('profile_not_active', `the profile must be active (it is ${profile.state})`, {
      profileId,
      state: profile.state,
    });
  const chain = findChain(profile.chainId);
  if (!chain)
    throw apiError(
      'chain_not_enabled',
      `the profile's chain ${profile.chainId} is not enabled on this deployment`,
      {
        chainId: profile.chainId,
      },
    );
  // a workspace that moved to a testnets-only plan keeps its mainnet profiles, but runs nothing on them
  if (!chain.testnet) {
    const [workspace] = await db
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId));
    const plan = PLANS[workspace.plan];
    if (!plan.mainnet)
      throw apiError(
        'chain_not_on_plan',
        `the ${plan.name} plan covers testnets only; chain ${chain.chainId} (${chain.name}) needs a paid plan`,
        { chainId: chain.chainId, plan: plan.id },
      );
  }
  return profile;
}

/**
 * `409 permissions_not_covered` unless the profile may make every call the release declares (its `$args`
 * targets resolved from `args`). The error names each missing target and function, and for a roles profile
 * carries the Safe transaction that would allow them (`coveringTransaction`). Before that, a Safe or roles
 * profile refuses declared calls to itself (`409 call_not_permitted`, `self-call-refusal.ts`).
 */
export async function checkCoverage(
  release: { permissions: Parameters<typeof checkPermissionsCoverage>[0]['permissions'] },
  profile: CoverageProfile & SelfCallProfile,
  args: string | null,
) {
  await refuseSelfCalls(release, profile, args);
  const missing = await checkPermissionsCoverage(release, profile, args);
  if (missing.length === 0) return;
  const coveringTransaction =
    profile.kind === 'roles'
      ? await coveringTransactionPreview(
          profile as ProfileForTx,
          resolvedMissing(missing),
          signaturesBySelector([release.permissions]),
        )
      : null;
  // allowances the release's conditions spend from that the role does not hold: allowing the calls sets them too
  const allowancesNeeded =
    profile.kind === 'roles'
      ? await allowancesNotHeld(
          profile as ProfileForTx,
          missing.flatMap((m) => allowancesNamed(m.conditions)),
        )
      : null;
  throw apiError('permissions_not_covered', describeMissing(missing), {
    missing,
    ...(profile.kind === 'roles' && { coveringTransaction }),
    ...(allowancesNeeded && allowancesNeeded.length > 0 && { allowancesNeeded }),
  });
}

/**
 * Missing entries with a concrete target (an unresolved `$args` reference cannot be allowed on chain), each
 * function with the conditions the release declares on it: what the covering transaction scopes the role to.
 */
const resolvedMissing = (missing: MissingPermission[]): ScopeEntry[] =>
  scopeOfCalls(
    missing
      .filter((m) => m.to.startsWith('0x'))
      .map(({ to, functions, conditions }) => ({ to, functions, conditions })),
  );

function describeMissing(missing: MissingPermission[]): string {
  const first = missing[0];
  const more =
    missing.length > 1 ? ` (and ${missing.length - 1} more target${missing.length > 2 ? 's' : ''})` : '';
  if (first.to.startsWith('$args.'))
    return `the release takes a call target from ${first.to}, which the executable's args do not set to an address${more}`;
  if (first.looserConditions)
    return `the role allows ${first.functions.join(', ')} on ${first.to} only under stricter conditions than the release declares: ${first.looserConditions[0]}${more}`;
  return `the profile does not allow ${first.functions.join(', ')} on ${first.to}${more}`;
}

/** Bindings name secrets of the project (400 secret_not_found) with unique env keys (400 duplicate_env_key). */
export async function checkSecretBindings(
  db: DbOrTx,
  workspaceId: string,
  projectId: string,
  bindings: SecretBindingInput[],
) {
  const seen = new Set<string>();
  for (const b of bindings) {
    if (seen.has(b.envKey))
      throw apiError('duplicate_env_key', `envKey ${b.envKey} is bound more than once`, {
        envKey: b.envKey,
      });
    seen.add(b.envKey);
  }
  const ids = [...new Set(bindings.map((b) => b.secretId))];
  if (ids.length === 0) return bindings as SecretBinding[];
  const found = await db
    .select({ id: secrets.id })
    .from(secrets)
    .where(
      and(inArray(secrets.id, ids), eq(secrets.projectId, projectId), eq(secrets.workspaceId, workspaceId)),
    );
  const known = new Set(found.map((s) => s.id));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length > 0)
    throw apiError(
      'secret_not_found',
      "secretBindings name secrets that are not in the executable's project",
      {
        secretIds: unknown,
      },
    );
  return bindings.map((b) => ({ secretId: b.secretId, envKey: b.envKey }));
}

export function checkSandboxRuntime(runtime: SandboxRuntime) {
  if (runtime === 'gvisor' && !gvisorConfigured())
    throw apiError(
      'sandbox_runtime_unavailable',
      'the gvisor sandbox runtime is not configured on this deployment',
      {
        sandboxRuntime: runtime,
      },
    );
  return runtime;
}

/** Per-workspace lock + count of non-deleted executables against the plan (403 plan_limit_exceeded). */
export async function enforceExecutableLimit(tx: DbOrTx, workspaceId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`executables/${workspaceId}`}, 0))`);
  const [workspace] = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const plan = PLANS[workspace.plan];
  const [{ n }] = await tx
    .select({ n: count() })
    .from(executables)
    .where(and(eq(executables.workspaceId, workspaceId), ne(executables.state, 'deleted')));
  if (n >= plan.executables)
    throw apiError('plan_limit_exceeded', `the ${plan.name} plan allows ${plan.executables} executables`, {
      limit: plan.executables,
      used: n,
    });
}
