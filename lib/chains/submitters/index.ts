// Picks the submitter for a profile and an executable's gas mode. Only legacy profiles paying their own gas
// are wired today; every other combination is refused with a stable code the execution records.
import type { Address } from 'viem';
import type { DbOrTx } from '@/db/client';
import type { executables, profiles } from '@/db/schema';
import { findChain } from '@/lib/chains/config';
import { legacySubmitter } from './legacy';
import { SubmissionError, type Submitter } from './types';

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
}: {
  db: DbOrTx;
  profile: SubmittingProfile;
  gasMode: GasMode;
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
  if (gasMode !== 'self')
    throw new SubmissionError(
      'gas_mode_unavailable',
      `gas mode ${gasMode} needs an ERC-4337 bundler${gasMode === 'sponsored' ? ' and a paymaster' : ''}, which this deployment does not configure yet`,
    );
  if (!profile.encryptedKey)
    throw new SubmissionError('account_key_missing', 'the profile has no account key');
  return legacySubmitter({
    db,
    chain,
    address: profile.address as Address,
    encryptedKey: profile.encryptedKey,
  });
}
