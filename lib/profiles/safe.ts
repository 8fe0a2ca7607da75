// Safe profiles: the owners' own Safe sends the runs. Tickwork generates an executor account (a key it holds,
// EIP-7702-delegated like a legacy account) that the owners enable as a module of their Safe with their own
// signatures; the profile stays pending until a job has seen `isModuleEnabled(executor)` on chain.

import { randomBytes } from 'node:crypto';
import { and, eq, ne, sql } from 'drizzle-orm';
import { type Address, getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DbOrTx } from '@/db/client';
import { profiles, type SafeSnapshot, safeTransactions } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { delegationCode } from '@/lib/chains/delegation';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { requireProject } from '@/lib/projects/service';
import { isModuleEnabled, readSafe, readSafeOrRefuse, type SafeReading } from '@/lib/safe/read';
import { enableModuleTx } from '@/lib/safe/transaction';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { normalizeScope, type ScopeEntry, TICKWORK_ROLE_KEY } from '@/lib/zodiac/role';
import { batchSafeTx, rolesSetupCalls } from '@/lib/zodiac/setup';
import { type ProfileForTx, tickworkModuleOf } from './safe-transaction-plans';
import { insertSafeTransaction } from './safe-transactions';
import { profileEvent, requireProfileChain, toProfile } from './service';

/** Why a new Safe profile is pending: the owners have not enabled its module yet. */
const AWAITING_MODULE = "waiting for the Safe's owners to enable Tickwork's module";
/** What an active Safe profile shows once the owners disabled the module on chain. */
const MODULE_DISABLED =
  "the Safe's owners disabled Tickwork's module: runs fail with module_not_enabled until it is enabled again";

export type CreateSafeProfileInput = {
  projectId: string;
  alias: string;
  chainId: number;
  safe: string;
  /** A roles profile: the scope of the executor's role on a new Roles modifier (else a Safe profile). */
  roles?: { scope: ScopeEntry[]; allowances?: AllowanceSpec[] };
};

const safeSnapshot = (reading: SafeReading, moduleEnabled: boolean): SafeSnapshot => ({
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
    throw apiError(
      'chain_not_supported',
      `chain ${chain.chainId} has no Safe and EIP-7702 contracts recorded on this deployment`,
      { chainId: chain.chainId },
    );
  return contracts;
}

/**
 * Creates a pending Safe or roles profile for an existing Safe (1.3.0 or 1.4.1, read from the chain now): a new
 * executor key, envelope-encrypted; the Safe transaction the owners sign, prepared at the Safe's nonce —
 * `enableModule(executor)` for a Safe profile, the Roles modifier's setup (deploy, enable, assign and scope the
 * executor's role) for a roles profile; provisioning of the executor queued. Answers the profile and the
 * prepared transaction's id.
 */
export async function createSafeProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  input: CreateSafeProfileInput,
) {
  await requireProject(db, workspaceId, input.projectId);
  const chain = await requireProfileChain(db, workspaceId, input.chainId);
  const contracts = requireSafeContracts(chain);
  const reading = await readSafeOrRefuse(chain, getAddress(input.safe));
  const key = generatePrivateKey();
  const executor = privateKeyToAccount(key).address;
  const kind = input.roles ? 'roles' : 'safe';
  const roles = input.roles && {
    ...rolesSetupCalls(contracts, {
      safe: reading.address,
      executor,
      scope: input.roles.scope,
      allowances: input.roles.allowances,
      saltNonce: BigInt(`0x${randomBytes(16).toString('hex')}`),
    }),
    sinceBlock: Number(await publicClientFor(chain).getBlockNumber()),
    scope: normalizeScope(input.roles.scope),
    allowances: input.roles.allowances ?? [],
  };

  const { row, transactionId } = await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.projectId, input.projectId),
          eq(profiles.chainId, chain.chainId),
          eq(profiles.kind, kind),
          ne(profiles.state, 'archived'),
          sql`lower(${profiles.address}) = ${reading.address.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (existing)
      throw apiError(
        'profile_already_in_project',
        `this project already has a ${kind} profile for this Safe`,
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
        kind,
        state: 'pending',
        name: input.alias,
        chainId: chain.chainId,
        address: reading.address,
        executor,
        encryptedKey: encryptSecret(key),
        safeState: safeSnapshot(reading, false),
        stateReason: AWAITING_MODULE,
        ...(roles && {
          rolesModifier: roles.modifier,
          roleKey: TICKWORK_ROLE_KEY,
          rolesSinceBlock: roles.sinceBlock,
        }),
      })
      .returning();
    const transactionId = roles
      ? await insertSafeTransaction(
          tx,
          row,
          'setup_roles',
          batchSafeTx(contracts, roles.calls, reading.nonce),
          roles.scope,
          roles.allowances,
        )
      : await insertSafeTransaction(
          tx,
          row,
          'enable_module',
          enableModuleTx(reading.address, executor, reading.nonce),
        );
    await recordAudit(
      tx,
      profileEvent(actor, 'profile.created', row, {
        projectId: row.projectId,
        executor,
        safeTransactionId: transactionId,
        ...(roles && { rolesModifier: roles.modifier, scope: roles.scope, allowances: roles.allowances }),
      }),
    );
    return { row, transactionId };
  });
  try {
    await enqueue('profile/provision.requested', { profileId: row.id });
  } catch (error) {
    // The executor is delegated again whenever the owners' execution is reported or the profile is retried.
    log.error({ err: error, profileId: row.id }, 'queueing safe profile provisioning failed');
  }
  return { profile: await toProfile(db, row), safeTransactionId: transactionId };
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
    accessEnabled(chain, profile, executor),
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

/**
 * Whether the executor can act through the Safe: it is an enabled module of the Safe (safe); the Roles modifier
 * is, and the executor is a module of the modifier (roles: `assignRoles` makes it one).
 */
async function accessEnabled(chain: ChainConfig, profile: ProfileForTx, executor: Address) {
  const safe = getAddress(profile.address);
  const module = tickworkModuleOf(profile);
  if (profile.kind !== 'roles') return isModuleEnabled(chain, safe, module);
  const [modifierEnabled, executorEnabled] = await Promise.all([
    isModuleEnabled(chain, safe, module),
    isModuleEnabled(chain, module, executor).catch(() => false),
  ]);
  return modifierEnabled && executorEnabled;
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
