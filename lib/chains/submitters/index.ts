// Picks the submitter for a profile and an executable's gas mode. Legacy profiles are wired: gas mode `self`
// sends a transaction, `sponsored` and `self-funded` an ERC-4337 user operation (when a bundler — and for
// sponsored gas a paymaster — is configured). Every other combination is refused with a stable code the
// execution records.
import type { Address } from 'viem';
import type { DbOrTx } from '@/db/client';
import type { executables, profiles } from '@/db/schema';
import { findChain } from '@/lib/chains/config';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { type SponsorshipProvider, userOperationRoute } from './gas-providers';
import { legacySubmitter } from './legacy';
import { SubmissionError, type Submitter } from './types';
import { userOperationSubmitter } from './user-operation';

export { SubmissionError, type Submitter } from './types';

type ProfileKind = (typeof profiles.$inferSelect)['kind'];
type GasMode = (typeof executables.$inferSelect)['gasMode'];

export type SubmittingProfile = {
  kind: ProfileKind;
  address: string;
  encryptedKey: string | null;
  chainId: number;
};

export function submitterFor({
  db,
  profile,
  gasMode,
  sponsorshipProvider = null,
}: {
  db: DbOrTx;
  profile: SubmittingProfile;
  gasMode: GasMode;
  /** The executable's choice for sponsored gas on a real chain (the local chain has its mock paymaster). */
  sponsorshipProvider?: SponsorshipProvider | null;
}): Submitter {
  const chain = findChain(profile.chainId);
  if (!chain)
    throw new SubmissionError(
      'chain_not_enabled',
      `chain ${profile.chainId} is not enabled on this deployment`,
    );
  if (profile.kind !== 'legacy')
    throw new SubmissionError(
      'profile_kind_unsupported',
      `submitting through a ${profile.kind === 'safe' ? 'Safe' : 'Zodiac Roles'} profile is not available yet`,
    );
  // Before the key check: an unconfigured gas mode is the deployment's to fix, whatever the profile.
  const route = gasMode === 'self' ? null : userOperationRoute(chain, gasMode, sponsorshipProvider);
  if (!profile.encryptedKey)
    throw new SubmissionError('account_key_missing', 'the profile has no account key');
  const account = {
    db,
    chain,
    address: profile.address as Address,
    encryptedKey: profile.encryptedKey,
  };
  return route ? userOperationSubmitter({ ...account, ...route }) : legacySubmitter(account);
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
