// Calls a Safe or roles profile refuses unless the Safe's owners allowed them on chain: calls to the profile's own
// Safe, its Roles modifier or its executor. Those are the calls that administer the account itself (add an owner,
// change the threshold, enable a module or a guard, rescope the role), so a release that declares them must not
// be enough: a workspace admin chooses releases, only the owners may hand over the Safe. The allowance is one
// message per (target, selector) that the Safe itself signs (SignMessageLib, in a Safe transaction the owners
// sign like the module's enablement), read back from the Safe's storage whenever a call needs it.
import { type Address, getAddress, type Hex, isAddressEqual, stringToHex } from 'viem';
import type { profiles } from '@/db/schema';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { isMessageSignedBySafe } from '@/lib/safe/signed-messages';

/** What a refused target is to the profile. */
export type SelfTarget = 'safe' | 'roles_modifier' | 'executor';

export type SelfCallProfile = Pick<
  typeof profiles.$inferSelect,
  'kind' | 'chainId' | 'address' | 'executor' | 'rolesModifier'
>;

/** A call of a profile to itself: its target, the 4-byte selector (`0x00000000`: no calldata) and what it hits. */
export type SelfCall = { to: Address; selector: Hex; target: SelfTarget };

const TARGET_WORDS: Record<SelfTarget, string> = {
  safe: "the profile's own Safe",
  roles_modifier: "the profile's Roles modifier",
  executor: "the profile's executor",
};

/** The addresses a Safe or roles profile must not call on its own (none for a legacy profile). */
function selfTargetsOf(profile: SelfCallProfile): { address: Address; target: SelfTarget }[] {
  if (profile.kind === 'legacy') return [];
  const targets: { address: Address; target: SelfTarget }[] = [
    { address: getAddress(profile.address), target: 'safe' },
  ];
  if (profile.kind === 'roles' && profile.rolesModifier)
    targets.push({ address: getAddress(profile.rolesModifier), target: 'roles_modifier' });
  if (profile.executor) targets.push({ address: getAddress(profile.executor), target: 'executor' });
  return targets;
}

/** The selector a call's data starts with; `0x00000000` for no calldata (a plain transfer, the fallback). */
export const callSelector = (data: string): Hex =>
  (data.length <= 2 ? '0x00000000' : data.slice(0, 10).padEnd(10, '0').toLowerCase()) as Hex;

/** The calls among `calls` (target and selector) that go to the profile itself, each pair once. */
export function selfCallsAmong(
  profile: SelfCallProfile,
  calls: readonly { to: string; selector: string }[],
): SelfCall[] {
  const targets = selfTargetsOf(profile);
  const found = new Map<string, SelfCall>();
  for (const call of calls) {
    const hit = targets.find((t) => isAddressEqual(t.address, call.to as Address));
    const selector = call.selector.toLowerCase() as Hex;
    if (hit) found.set(`${hit.address}:${selector}`, { to: hit.address, selector, target: hit.target });
  }
  return [...found.values()];
}

/**
 * The message the Safe signs to allow one self-call: plain words, so that the Safe transaction's calldata says
 * what it allows. The Safe's EIP-712 domain binds it to the chain and the Safe.
 */
export const selfCallAllowanceMessage = (executor: Address, call: Pick<SelfCall, 'to' | 'selector'>): Hex =>
  stringToHex(
    `Tickwork: the Safe's owners allow the module ${getAddress(executor)} to call ${call.selector.toLowerCase()} on ${getAddress(call.to)}`,
  );

/** Whether the owners allowed this self-call on chain (throws when the chain does not answer). */
function selfCallAllowed(chain: ChainConfig, profile: SelfCallProfile, call: SelfCall) {
  if (!profile.executor) return Promise.resolve(false);
  return isMessageSignedBySafe(
    chain,
    getAddress(profile.address),
    selfCallAllowanceMessage(getAddress(profile.executor), call),
  );
}

/**
 * The self-calls among `calls` the owners have not allowed, read from the Safe now (no chain read when there is
 * no self-call). A profile whose chain is no longer configured allows none.
 */
export async function unallowedSelfCalls(
  profile: SelfCallProfile,
  calls: readonly { to: string; selector: string }[],
): Promise<SelfCall[]> {
  const selfCalls = selfCallsAmong(profile, calls);
  if (selfCalls.length === 0) return [];
  const chain = findChain(profile.chainId);
  if (!chain) return selfCalls;
  const allowed = await Promise.all(selfCalls.map((call) => selfCallAllowed(chain, profile, call)));
  return selfCalls.filter((_, i) => !allowed[i]);
}

/** `0x0d582f13 on 0x… (the profile's own Safe)`, with the function's name when `names` knows it. */
export function describeSelfCall(call: SelfCall, names?: ReadonlyMap<string, string>): string {
  const name = names?.get(call.selector);
  const fn =
    call.selector === '0x00000000' ? 'a plain transfer' : name ? `${name} (${call.selector})` : call.selector;
  return `${fn} on ${call.to} (${TARGET_WORDS[call.target]})`;
}
