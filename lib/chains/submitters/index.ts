// Picks the submitter for a profile and an executable's gas mode. The account Tickwork holds the key of (a legacy
// profile's EOA, a Safe profile's executor) sends: gas mode `self` as a transaction, `sponsored` and
// `self-funded` as an ERC-4337 user operation (when a bundler — and for sponsored gas a paymaster — is
// configured). A Safe profile wraps its batch into one module call to the Safe; a roles profile sends each call
// through its Roles modifier (sponsored user operations only).

import type { Address, Hex } from 'viem';
import type { DbOrTx } from '@/db/client';
import type { PrivateSubmissionMode, SponsorshipProvider } from '@/db/enums';
import type { executables, profiles } from '@/db/schema';
import { publicClientFor } from '@/lib/chains/client';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import type { FeeCaps } from '@/lib/chains/fees';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { type UserOperationRoute, userOperationRoute } from './gas-providers';
import { type LegacySubmitterOptions, legacySubmitter } from './legacy';
import { rolesSubmitter, targetThroughRole } from './roles';
import { safeSubmitter } from './safe';
import { SubmissionError, type Submitter } from './types';
import { userOperationSubmitter } from './user-operation';

export { SubmissionError, type Submitter } from './types';

type ProfileKind = (typeof profiles.$inferSelect)['kind'];
type GasMode = (typeof executables.$inferSelect)['gasMode'];

export type SubmittingProfile = {
  /** Roles profiles: the modifier and the executor's role on it. */
  rolesModifier?: string | null;
  roleKey?: string | null;
  kind: ProfileKind;
  address: string;
  /** Safe profiles: the module account that sends (its key is `encryptedKey`). */
  executor?: string | null;
  encryptedKey: string | null;
  chainId: number;
};

export function submitterFor({
  db,
  profile,
  gasMode,
  sponsorshipProvider = null,
  caps,
  privateSubmission,
}: {
  db: DbOrTx;
  profile: SubmittingProfile;
  gasMode: GasMode;
  /** The executable's choice for sponsored gas on a real chain (the local chain has its mock paymaster). */
  sponsorshipProvider?: SponsorshipProvider | null;
  /** The executable's caps on what a transaction bids (user operations: the bundler's price). */
  caps?: FeeCaps;
  /** The executable's use of the chain's private transaction endpoint (transactions; default `auto`). */
  privateSubmission?: PrivateSubmissionMode;
}): Submitter {
  const chain = findChain(profile.chainId);
  if (!chain)
    throw new SubmissionError(
      'chain_not_enabled',
      `chain ${profile.chainId} is not enabled on this deployment`,
    );
  // Before the key check: an unconfigured gas mode is the deployment's to fix, whatever the profile.
  const route = gasMode === 'self' ? null : userOperationRoute(chain, gasMode, sponsorshipProvider);
  if (!profile.encryptedKey)
    throw new SubmissionError('account_key_missing', 'the profile has no account key');
  if (profile.kind === 'safe')
    return safeProfileSubmitter(db, chain, profile, profile.encryptedKey, route, { caps, privateSubmission });
  if (profile.kind === 'roles')
    return rolesProfileSubmitter(chain, profile, profile.encryptedKey, route, caps);
  const account = {
    db,
    chain,
    address: profile.address as Address,
    encryptedKey: profile.encryptedKey,
  };
  return route
    ? userOperationSubmitter({ ...account, ...route, caps })
    : legacySubmitter({ ...account, caps, privateSubmission });
}

/** Head-room over the gas a module call used when executed with plenty (the Safe forwards 63/64 of what is left). */
const MODULE_GAS_MARGIN_PERCENT = 120n;

function safeProfileSubmitter(
  db: DbOrTx,
  chain: ChainConfig,
  profile: SubmittingProfile,
  encryptedKey: string,
  route: UserOperationRoute | null,
  bidding: Pick<LegacySubmitterOptions, 'caps' | 'privateSubmission'>,
): Submitter {
  const multiSendCallOnly = getChainContracts(chain.chainId)?.multiSendCallOnly;
  if (!profile.executor || !multiSendCallOnly)
    throw new SubmissionError(
      profile.executor ? 'chain_not_supported' : 'account_key_missing',
      profile.executor
        ? `chain ${chain.chainId} has no MultiSendCallOnly recorded`
        : 'the Safe profile has no executor',
    );
  const executor = profile.executor as Address;
  const client = publicClientFor(chain);
  // eth_createAccessList executes once with a high gas limit and reports what it used: the inner calls succeed.
  const gasUsed = (data: Hex) =>
    client
      .createAccessList({ account: executor, to: executor, data })
      .then(({ gasUsed }) => (gasUsed * MODULE_GAS_MARGIN_PERCENT) / 100n);
  const account = { db, chain, address: executor, encryptedKey };
  const inner = route
    ? userOperationSubmitter({ ...account, ...route, callGasFloor: gasUsed, caps: bidding.caps })
    : legacySubmitter({ ...account, ...bidding, gasFloor: ({ data }) => gasUsed(data) });
  return safeSubmitter({ chain, safe: profile.address as Address, executor, multiSendCallOnly, inner });
}

type SubmitterOptions = Parameters<typeof submitterFor>[0];

/**
 * The submitter that can read the receipt of what was submitted, whatever the gas settings are now: the
 * transaction path for a transaction hash, a user-operation path (any bundler the executable's settings reach)
 * for a user-operation hash.
 */
export function receiptReader(opts: SubmitterOptions, submitted: { userOpHash: string | null }): Submitter {
  const viaUserOperation = submitted.userOpHash !== null;
  const gasMode = !viaUserOperation ? 'self' : opts.gasMode === 'self' ? 'sponsored' : opts.gasMode;
  return submitterFor({ ...opts, gasMode });
}

/** Sponsorship failures that paying from the account's own balance gets around: nothing was signed yet. */
const SPONSORSHIP_FAILURES = new Set(['gas_mode_unavailable', 'bundler_unavailable', 'simulation_failed']);

/**
 * Builds the submitter and simulates the batch with it. With `gasFallback`, a sponsored run whose sponsorship
 * fails (not configured, bundler or paymaster unreachable or refusing) is simulated again paying its own gas;
 * `fellBack` then carries the reason. A batch that reverts fails either way.
 */
export async function simulateWithFallback(
  opts: SubmitterOptions & { gasFallback: boolean },
  calls: PlannedCall[],
): Promise<{ submitter: Submitter; gasEstimate: string; fellBack: SubmissionError | null }> {
  try {
    const submitter = submitterFor(opts);
    return { submitter, ...(await submitter.simulate(calls)), fellBack: null };
  } catch (error) {
    const sponsored = opts.gasMode === 'sponsored' && opts.gasFallback;
    if (!sponsored || !(error instanceof SubmissionError) || !SPONSORSHIP_FAILURES.has(error.code))
      throw error;
    const submitter = submitterFor({ ...opts, gasMode: 'self' });
    return { submitter, ...(await submitter.simulate(calls)), fellBack: error };
  }
}

function rolesProfileSubmitter(
  chain: ChainConfig,
  profile: SubmittingProfile,
  encryptedKey: string,
  route: UserOperationRoute | null,
  caps: FeeCaps | undefined,
): Submitter {
  if (!route)
    throw new SubmissionError('gas_mode_unavailable', 'roles profiles send sponsored user operations only');
  if (!profile.executor || !profile.rolesModifier || !profile.roleKey)
    throw new SubmissionError('account_key_missing', 'the roles profile has no executor or Roles modifier');
  const executor = profile.executor as Address;
  return rolesSubmitter({
    chain,
    safe: profile.address as Address,
    executor,
    modifier: profile.rolesModifier as Address,
    roleKey: profile.roleKey as Hex,
    inner: userOperationSubmitter({
      chain,
      address: executor,
      encryptedKey,
      ...route,
      caps,
      targetOf: (call) => targetThroughRole(profile.rolesModifier as Address, call),
    }),
  });
}
