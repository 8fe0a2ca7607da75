// Coverage, for Safe and roles profiles: a release that declares a call to the profile's own Safe, its Roles
// modifier or its executor is refused on every route that binds a release to a profile (create, function or
// profile switch, args change, resume), unless the Safe's owners allowed that call (lib/profiles/self-calls.ts).
import { apiError } from '@/lib/api/errors';
import { resolvePermissions, signaturesBySelector } from '@/lib/functions/permissions';
import { describeSelfCall, type SelfCallProfile, unallowedSelfCalls } from '@/lib/profiles/self-calls';
import { selectorOf } from '@/lib/zodiac/scope-drafts';

type ReleasePermissions = { calls: { to: string; functions: string[] }[] } | null;

/** `409 call_not_permitted` naming each declared self-call the owners have not allowed (`calls`). */
export async function refuseSelfCalls(
  release: { permissions: ReleasePermissions },
  profile: SelfCallProfile,
  args: string | null,
) {
  if (profile.kind === 'legacy' || !release.permissions) return;
  const declared = resolvePermissions(release.permissions, args).calls.flatMap((call) =>
    call.functions.map((fn) => ({ to: call.to, selector: selectorOf(fn) })),
  );
  let refused: Awaited<ReturnType<typeof unallowedSelfCalls>>;
  try {
    refused = await unallowedSelfCalls(profile, declared);
  } catch {
    throw apiError(
      'chain_unavailable',
      "the profile's Safe could not be read to check the release's calls to it; try again",
    );
  }
  if (refused.length === 0) return;
  const names = signaturesBySelector([release.permissions]);
  const more = refused.length > 1 ? ` (and ${refused.length - 1} more)` : '';
  throw apiError(
    'call_not_permitted',
    `the release declares ${describeSelfCall(refused[0], names)}${more}, which administers the profile itself; the Safe's owners have not allowed it by signature`,
    {
      calls: refused.map((call) => ({
        to: call.to,
        selector: call.selector,
        function: names.get(call.selector) ?? null,
        target: call.target,
      })),
    },
  );
}
