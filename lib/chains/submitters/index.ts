// Picks the submitter for a profile and an executable's gas mode. Legacy profiles are wired: gas mode `self`
// sends a transaction, `sponsored` and `self-funded` an ERC-4337 user operation (when a bundler — and for
// sponsored gas a paymaster — is configured). Every other combination is refused with a stable code the
// execution records.
import type { Address } from 'viem';
import type { DbOrTx } from '@/db/client';
import type { executables, profiles } from '@/db/schema';
import { findChain } from '@/lib/chains/config';
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
