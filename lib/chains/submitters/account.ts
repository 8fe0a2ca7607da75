// What every submitter of a legacy profile checks and holds: the EOA is delegated to Simple7702Account (without
// the delegation a call to it "succeeds" doing nothing), and its key, decrypted only to sign.
import type { Address, Hex, PublicClient } from 'viem';
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { delegationCode } from '@/lib/chains/delegation';
import { decryptSecret } from '@/lib/crypto/envelope';
import { chainFailure } from './revert';
import { SubmissionError } from './types';

/** The chain's Simple7702Account, or a refusal when none is recorded for it. */
export function simple7702AccountOf(chain: ChainConfig): Address {
  const delegate = getChainContracts(chain.chainId)?.simple7702Account;
  if (!delegate)
    throw new SubmissionError(
      'chain_not_supported',
      `chain ${chain.chainId} has no EIP-7702 account contract recorded`,
    );
  return delegate;
}

/** Throws `account_not_delegated` unless the account's code is the EIP-7702 delegation to Simple7702Account. */
export async function requireDelegation(client: PublicClient, chain: ChainConfig, address: Address) {
  const delegate = simple7702AccountOf(chain);
  const code = await client.getCode({ address }).catch((error) => {
    throw chainFailure('simulation_failed', 'reading the account code', error);
  });
  if (code?.toLowerCase() !== delegationCode(delegate))
    throw new SubmissionError(
      'account_not_delegated',
      `the profile account ${address} is not delegated to Simple7702Account on chain ${chain.chainId}`,
    );
}

/** The key is decrypted only here, for signing; it is never logged nor put into an error. */
export function accountSigner(encryptedKey: string, address: Address): PrivateKeyAccount {
  let account: PrivateKeyAccount;
  try {
    account = privateKeyToAccount(decryptSecret(encryptedKey) as Hex);
  } catch {
    throw new SubmissionError('account_key_unreadable', 'the profile account key could not be decrypted');
  }
  if (account.address.toLowerCase() !== address.toLowerCase())
    throw new SubmissionError(
      'account_key_mismatch',
      'the stored account key does not match the profile address',
    );
  return account;
}
