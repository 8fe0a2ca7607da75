import { and, eq } from 'drizzle-orm';
import {
  type Address,
  BaseError,
  createWalletClient,
  type Hex,
  HttpRequestError,
  http,
  TimeoutError,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { DbOrTx } from '@/db/client';
import type { ProfileKind } from '@/db/enums';
import { profiles } from '@/db/schema';
import { publicClientFor, viemChain } from '@/lib/chains/client';
import { type ChainConfig, findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { delegationCode } from '@/lib/chains/delegation';
import { withOperator } from '@/lib/chains/operator';
import { decryptSecret } from '@/lib/crypto/envelope';
import { log } from '@/lib/log';
import { keyAccountOf } from './key-account';

/** A provisioning failure whose message is fit for `stateReason` (no RPC URLs, no provider text, no key). */
class ProvisioningError extends Error {
  override name = 'ProvisioningError';
}

const RECEIPT_TIMEOUT_MS = 60_000;

type ProvisioningTarget = {
  profileId: string;
  chain: ChainConfig;
  delegate: Address;
  address: Address;
  encryptedKey: string;
};

async function loadTarget(db: DbOrTx, profileId: string): Promise<ProvisioningTarget> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  if (!profile) throw new ProvisioningError('the profile no longer exists');
  const chain = findChain(profile.chainId);
  if (!chain) throw new ProvisioningError(`chain ${profile.chainId} is not enabled on this deployment`);
  const delegate = getChainContracts(profile.chainId)?.simple7702Account;
  if (!delegate) throw new ProvisioningError(`chain ${profile.chainId} has no EIP-7702 account contract`);
  if (!profile.encryptedKey) throw new ProvisioningError('the profile has no account key');
  return {
    profileId,
    chain,
    delegate,
    address: keyAccountOf(profile),
    encryptedKey: profile.encryptedKey,
  };
}

/**
 * What the workflow should do with a profile: provision a pending legacy profile; provision and check a Safe or
 * roles profile's executor and module (pending, or active to notice drift); nothing otherwise (gone, archived…).
 */
export async function provisioningAction(
  db: DbOrTx,
  profileId: string,
): Promise<{ action: 'provision'; kind: ProfileKind } | { action: 'skip'; reason: string }> {
  const [profile] = await db
    .select({ kind: profiles.kind, state: profiles.state })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  if (!profile) return { action: 'skip', reason: 'not found' };
  if (profile.kind !== 'legacy' && profile.state !== 'archived')
    return { action: 'provision', kind: profile.kind };
  if (profile.kind !== 'legacy') return { action: 'skip', reason: `kind ${profile.kind}` };
  if (profile.state !== 'pending') return { action: 'skip', reason: `state ${profile.state}` };
  return { action: 'provision', kind: 'legacy' };
}

/**
 * Delegates the profile's account to the chain's `Simple7702Account`: the profile's key signs the EIP-7702
 * authorization, the operator account sends (and pays for) the transaction carrying it, and the receipt is
 * awaited. Nothing is sent when the account already carries the delegation (idempotent).
 */
export function delegateProfileAccount(db: DbOrTx, profileId: string): Promise<{ txHash: Hex | null }> {
  return recordingFailure(db, profileId, () => delegate(db, profileId));
}

async function delegate(db: DbOrTx, profileId: string): Promise<{ txHash: Hex | null }> {
  const target = await loadTarget(db, profileId);
  const client = publicClientFor(target.chain);
  const code = await client.getCode({ address: target.address });
  if (code?.toLowerCase() === delegationCode(target.delegate)) return { txHash: null };

  const account = privateKeyToAccount(decryptSecret(target.encryptedKey) as Hex);
  if (account.address.toLowerCase() !== target.address.toLowerCase())
    throw new ProvisioningError('the stored account key does not match the profile address');
  const chain = viemChain(target.chain);
  const transport = http(target.chain.rpcUrl);
  const authorization = await createWalletClient({ account, chain, transport }).signAuthorization({
    contractAddress: target.delegate,
  });
  const hash = await withOperator(target.chain.chainId, (operator) =>
    createWalletClient({ account: operator, chain, transport }).sendTransaction({
      authorizationList: [authorization],
      to: target.address,
      data: '0x',
    }),
  );
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
  if (receipt.status !== 'success')
    throw new ProvisioningError(`the delegation transaction ${hash} reverted`);
  return { txHash: hash };
}

/** Checks the delegation on chain and moves the profile from pending to active (clearing any reason). */
export function activateDelegatedProfile(db: DbOrTx, profileId: string): Promise<{ activated: boolean }> {
  return recordingFailure(db, profileId, () => activate(db, profileId));
}

async function activate(db: DbOrTx, profileId: string): Promise<{ activated: boolean }> {
  const target = await loadTarget(db, profileId);
  const code = await publicClientFor(target.chain).getCode({ address: target.address });
  if (code?.toLowerCase() !== delegationCode(target.delegate))
    throw new ProvisioningError('the account does not carry the EIP-7702 delegation after the transaction');
  const updated = await db
    .update(profiles)
    .set({ state: 'active', stateReason: null })
    .where(and(eq(profiles.id, profileId), eq(profiles.state, 'pending')))
    .returning({ id: profiles.id });
  return { activated: updated.length > 0 };
}

/** Records why provisioning failed; the profile stays pending (only a pending profile is touched). */
async function recordProvisioningFailure(db: DbOrTx, profileId: string, reason: string) {
  await db
    .update(profiles)
    .set({ stateReason: reason })
    .where(and(eq(profiles.id, profileId), eq(profiles.state, 'pending')));
}

/**
 * Runs a provisioning step so that every failed attempt is visible at once: the reason is written to the
 * profile (it stays pending) and the step throws a ProvisioningError carrying that safe reason, for the
 * provider's retry policy.
 */
async function recordingFailure<T>(db: DbOrTx, profileId: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const failure =
      error instanceof ProvisioningError ? error : new ProvisioningError(describeChainError(error));
    await recordProvisioningFailure(db, profileId, failure.message);
    log.warn({ profileId, reason: failure.message }, 'profile provisioning attempt failed');
    throw failure;
  }
}

const URL_PATTERN = /\b[a-z][a-z0-9+.-]*:\/\/\S+/gi;

function describeChainError(error: unknown): string {
  if (error instanceof BaseError) {
    if (error.walk((e) => e instanceof HttpRequestError || e instanceof TimeoutError))
      return "the chain's RPC endpoint did not answer; retry later";
    return `the delegation failed on chain: ${error.shortMessage.replace(URL_PATTERN, '[url]').slice(0, 300)}`;
  }
  return 'provisioning failed unexpectedly; retry later';
}
