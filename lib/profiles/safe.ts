// Safe profiles: the owners' own Safe sends the runs. Tickwork generates an executor account (a key it holds,
// EIP-7702-delegated like a legacy account) that the owners enable as a module of their Safe with their own
// signatures; the profile stays pending until a job has seen `isModuleEnabled(executor)` on chain.
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DbOrTx } from '@/db/client';
import { profiles, type SafeSnapshot, safeTransactions } from '@/db/schema';
import { ApiError } from '@/lib/api/errors';
import type { ChainConfig } from '@/lib/chains/config';
import { findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/enqueue';
import { log } from '@/lib/log';
import { requireProject } from '@/lib/projects/service';
import { isModuleEnabled, readSafe, readSafeOrRefuse, type SafeReading } from '@/lib/safe/read';
import { publicClientFor } from './chain';
import { delegationCode } from './provision';
import { insertSafeTransaction } from './safe-transactions';
import { requireProfileChain, toProfile } from './service';

/** Why a new Safe profile is pending: the owners have not enabled its module yet. */
export const AWAITING_MODULE = "waiting for the Safe's owners to enable Tickwork's module";
/** What an active Safe profile shows once the owners disabled the module on chain. */
export const MODULE_DISABLED =
  "the Safe's owners disabled Tickwork's module: runs fail with module_not_enabled until it is enabled again";

export type CreateSafeProfileInput = { projectId: string; alias: string; chainId: number; safe: string };

export const safeSnapshot = (reading: SafeReading, moduleEnabled: boolean): SafeSnapshot => ({
  version: reading.version,
  owners: reading.owners,
  threshold: reading.threshold,
  nonce: reading.nonce.toString(),
  moduleEnabled,
  readAt: new Date().toISOString(),
});

/** The chain's Safe contracts, or a refusal when the chain has none recorded. */
export function requireSafeContracts(chain: ChainConfig) {
  const contracts = getChainContracts(chain.chainId);
  if (!contracts)
    throw new ApiError(
      400,
      'chain_not_supported',
      `chain ${chain.chainId} has no Safe and EIP-7702 contracts recorded on this deployment`,
      { chainId: chain.chainId },
    );
  return contracts;
}

/**
 * Creates a pending Safe profile for an existing Safe (1.3.0 or 1.4.1, read from the chain now): a new executor
 * key, envelope-encrypted; the `enableModule(executor)` Safe transaction prepared at the Safe's nonce for the
 * owners to sign; provisioning of the executor queued. Answers the profile and the prepared transaction's id.
 */
export async function createSafeProfile(db: DbOrTx, workspaceId: string, input: CreateSafeProfileInput) {
  await requireProject(db, workspaceId, input.projectId);
  const chain = await requireProfileChain(db, workspaceId, input.chainId);
  requireSafeContracts(chain);
  const reading = await readSafeOrRefuse(chain, getAddress(input.safe));
  const key = generatePrivateKey();
  const executor = privateKeyToAccount(key).address;

  const { row, transactionId } = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.projectId, input.projectId),
          eq(profiles.chainId, chain.chainId),
          ne(profiles.state, 'archived'),
          sql`lower(${profiles.address}) = ${reading.address.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (existing)
      throw new ApiError(
        409,
        'profile_already_in_project',
        'this project already has a profile for this Safe',
        {
          profileId: existing.id,
        },
      );
    const [row] = await tx
      .insert(profiles)
      .values({
        id: newId('profile'),
        workspaceId,
        projectId: input.projectId,
        kind: 'safe',
        state: 'pending',
        name: input.alias,
        chainId: chain.chainId,
        address: reading.address,
        executor,
        encryptedKey: encryptSecret(key),
        safeState: safeSnapshot(reading, false),
        stateReason: AWAITING_MODULE,
      })
      .returning();
    const transactionId = await insertSafeTransaction(tx, row, 'enable_module', reading);
    return { row, transactionId };
  });
  try {
    await enqueue('profile/provision.requested', { profileId: row.id });
  } catch (error) {
    // The executor is delegated again whenever the owners' execution is reported or the profile is retried.
    log.error({ err: error, profileId: row.id }, 'queueing safe profile provisioning failed');
  }
  return { profile: await toProfile(row), safeTransactionId: transactionId };
}

type SafeProfileRow = Pick<
  typeof profiles.$inferSelect,
  'id' | 'kind' | 'state' | 'chainId' | 'address' | 'executor' | 'stateReason'
>;

/**
 * Reads the Safe and records what it shows (owners, threshold, nonce, module status). A pending profile whose
 * module is enabled becomes active; an active one whose module was disabled gets a reason (it stays active, so
 * the owners can re-enable without a new profile; runs fail with module_not_enabled meanwhile), cleared once
 * the module is back. Answers the module status.
 */
export async function refreshSafeProfile(
  db: DbOrTx,
  profileId: string,
): Promise<{ moduleEnabled: boolean; state: string }> {
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, profileId));
  if (!profile || profile.kind === 'legacy' || !profile.executor)
    return { moduleEnabled: false, state: profile?.state ?? 'gone' };
  const chain = findChain(profile.chainId);
  if (!chain) return { moduleEnabled: false, state: profile.state };
  const executor = getAddress(profile.executor);
  const [reading, moduleEnabled, delegated] = await Promise.all([
    readSafe(chain, profile.address as Address),
    isModuleEnabled(chain, profile.address as Address, executor),
    executorDelegated(chain, executor),
  ]);
  const next = nextState(profile, moduleEnabled, delegated);
  const [updated] = await db
    .update(profiles)
    .set({ safeState: safeSnapshot(reading, moduleEnabled), ...next })
    .where(and(eq(profiles.id, profileId), eq(profiles.state, profile.state)))
    .returning({ state: profiles.state });
  if (moduleEnabled)
    await db
      .update(safeTransactions)
      .set({ state: 'executed' })
      .where(
        and(
          eq(safeTransactions.profileId, profileId),
          eq(safeTransactions.purpose, 'enable_module'),
          eq(safeTransactions.state, 'collecting'),
        ),
      );
  return { moduleEnabled, state: updated?.state ?? profile.state };
}

/** Whether the executor carries its EIP-7702 delegation (provisioning's job; a pending profile waits for it). */
async function executorDelegated(chain: ChainConfig, executor: Address) {
  const delegate = getChainContracts(chain.chainId)?.simple7702Account;
  const code = await publicClientFor(chain).getCode({ address: executor });
  return !!delegate && code?.toLowerCase() === delegationCode(delegate);
}

function nextState(profile: SafeProfileRow, moduleEnabled: boolean, delegated: boolean) {
  if (profile.state === 'pending') {
    if (!moduleEnabled) return { stateReason: AWAITING_MODULE };
    return delegated
      ? { state: 'active' as const, stateReason: null }
      : { stateReason: "the module is enabled; Tickwork is still setting up the profile's executor" };
  }
  if (profile.state === 'active') return { stateReason: moduleEnabled ? null : MODULE_DISABLED };
  return {};
}
