// The checks every call a run returns passes before anything is simulated or signed: it is declared in the
// release's permissions.json, and it does not administer the profile itself (its Safe, Roles modifier or
// executor) unless the Safe's owners allowed that call on chain.
import { declaresCall, signaturesBySelector } from '@/lib/functions/permissions';
import { callSelector, describeSelfCall, unallowedSelfCalls } from '@/lib/profiles/self-calls';
import type { PlannedCall } from '@/lib/runtime/task-types';
import type { RunContext } from './context';

/**
 * Why the run's calls may not be sent (a `call_not_permitted` message naming the first refused call), or null.
 * Reads the Safe when a call targets the profile itself; throws when the chain does not answer.
 */
export async function refusedCall(
  { release, executable, profile }: Pick<RunContext, 'release' | 'executable' | 'profile'>,
  calls: readonly PlannedCall[],
): Promise<string | null> {
  const undeclared = calls.findIndex((call) => !declaresCall(release.permissions, call, executable.args));
  if (undeclared >= 0) {
    const call = calls[undeclared];
    return `call #${undeclared} (${call.data.slice(0, 10)} on ${call.to}) is not declared in the release's permissions.json`;
  }
  const selfCalls = calls.map((c) => ({ to: c.to, selector: callSelector(c.data) }));
  const [refused] = await unallowedSelfCalls(profile, selfCalls);
  if (!refused) return null;
  const index = selfCalls.findIndex(
    (c) => c.to.toLowerCase() === refused.to.toLowerCase() && c.selector === refused.selector,
  );
  const names = signaturesBySelector([release.permissions]);
  return `call #${index} (${describeSelfCall(refused, names)}) administers the profile itself; the Safe's owners have not allowed it by signature`;
}
