import { and, desc, eq, lt } from 'drizzle-orm';
import { getAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import type { DbOrTx } from '@/db/client';
import { profiles } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import { decodeCursor, toPage } from '@/lib/api/pagination';
import type { AuditAction } from '@/lib/audit/actions';
import type { Actor } from '@/lib/audit/actor';
import { auditedChange } from '@/lib/audit/log';
import { findChain } from '@/lib/chains/config';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { log } from '@/lib/log';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import { PLANS } from '@/lib/usage/plans';
import { getWorkspace } from '@/lib/workspaces/service';
import { balanceKey, readBalances } from './balances';
import { legacyProfilesEnabled } from './legacy';
import { nonceBlocksOf } from './nonce-blocked';
import type { CreateProfileInput, ProfileRecord } from './schemas';

type ProfileRow = typeof profiles.$inferSelect;

/** Every column but the encrypted key, which never leaves the provisioning code. */
export const recordColumns = {
  id: profiles.id,
  workspaceId: profiles.workspaceId,
  projectId: profiles.projectId,
  kind: profiles.kind,
  state: profiles.state,
  name: profiles.name,
  chainId: profiles.chainId,
  address: profiles.address,
  executor: profiles.executor,
  safeState: profiles.safeState,
  rolesModifier: profiles.rolesModifier,
  roleKey: profiles.roleKey,
  rolesSinceBlock: profiles.rolesSinceBlock,
  stateReason: profiles.stateReason,
  sharedFromId: profiles.sharedFromId,
  keySource: profiles.keySource,
  createdAt: profiles.createdAt,
  updatedAt: profiles.updatedAt,
};
export type ProfileRecordRow = Omit<ProfileRow, 'encryptedKey'>;

/**
 * The API record; balances are read from the chain now (null when it does not answer in time): the sending
 * address's, and for a Safe profile its executor's (the account that pays gas in `self` mode). Whether the
 * sending account's nonce is blocked is read from the database, in one query for all the rows.
 */
async function toProfiles(db: DbOrTx, rows: ProfileRecordRow[]): Promise<ProfileRecord[]> {
  const executors = rows.flatMap((p) => (p.executor ? [{ chainId: p.chainId, address: p.executor }] : []));
  const [balances, blocks] = await Promise.all([
    readBalances([...rows, ...executors]),
    nonceBlocksOf(db, rows),
  ]);
  return rows.map((p) => ({
    id: p.id,
    projectId: p.projectId,
    kind: p.kind,
    state: p.state,
    name: p.name,
    chainId: p.chainId,
    address: getAddress(p.address),
    stateReason: p.stateReason,
    sharedFromId: p.sharedFromId,
    keySource: p.keySource,
    balance: balances.get(balanceKey(p)) ?? null,
    executor: p.executor
      ? {
          address: getAddress(p.executor),
          balance: balances.get(balanceKey({ chainId: p.chainId, address: p.executor })) ?? null,
        }
      : null,
    safe: p.safeState,
    roles:
      p.rolesModifier && p.roleKey ? { modifier: getAddress(p.rolesModifier), roleKey: p.roleKey } : null,
    nonceBlocked: blocks.get(p.id) ?? null,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  }));
}

export const toProfile = async (db: DbOrTx, row: ProfileRecordRow) => (await toProfiles(db, [row]))[0];

/** Profiles of a project, newest first (every state). */
export async function listProfiles(
  db: DbOrTx,
  workspaceId: string,
  opts: { projectId: string; limit: number; cursor?: string },
) {
  await requireProject(db, workspaceId, opts.projectId);
  const after = decodeCursor(opts.cursor);
  const rows = await db
    .select(recordColumns)
    .from(profiles)
    .where(
      and(
        eq(profiles.projectId, opts.projectId),
        eq(profiles.workspaceId, workspaceId),
        after ? lt(profiles.id, after) : undefined,
      ),
    )
    .orderBy(desc(profiles.id))
    .limit(opts.limit + 1);
  const page = toPage(rows, opts.limit);
  return { ...page, data: await toProfiles(db, page.data) };
}

/** A profile of the workspace (404 for unknown ids and other workspaces); `lock` takes a row lock. */
export async function requireProfile(
  db: DbOrTx,
  workspaceId: string,
  profileId: string,
  opts: { lock?: boolean } = {},
): Promise<ProfileRecordRow> {
  const query = db
    .select(recordColumns)
    .from(profiles)
    .where(
      and(
        eq(profiles.id, profileId),
        eq(profiles.workspaceId, workspaceId),
        inLiveProject(profiles.projectId),
      ),
    );
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound('profile');
  return row;
}

/**
 * The chain a new profile may use: enabled on this deployment and covered by the workspace's plan (mainnets need
 * a paid plan).
 */
export async function requireProfileChain(db: DbOrTx, workspaceId: string, chainId: number) {
  const chain = findChain(chainId);
  if (!chain)
    throw apiError('chain_not_enabled', `chain ${chainId} is not enabled on this deployment`, {
      chainId,
    });
  const workspace = await getWorkspace(db, workspaceId);
  if (!workspace) throw notFound('workspace');
  const plan = PLANS[workspace.plan];
  if (!chain.testnet && !plan.mainnet)
    throw apiError(
      'chain_not_on_plan',
      `the ${plan.name} plan covers testnets only; chain ${chain.chainId} (${chain.name}) needs a paid plan`,
      { chainId: chain.chainId, plan: plan.id },
    );
  return chain;
}

/**
 * The chain a new legacy profile may use: the project is the workspace's, the chain enabled and on the plan
 * (`requireProfileChain`), and the legacy path on for it.
 */
export async function requireLegacyChain(
  db: DbOrTx,
  workspaceId: string,
  input: { projectId: string; chainId: number },
) {
  await requireProject(db, workspaceId, input.projectId);
  const chain = await requireProfileChain(db, workspaceId, input.chainId);
  if (!legacyProfilesEnabled(chain.chainId))
    throw apiError(
      'legacy_profiles_disabled',
      `this deployment does not create legacy profiles on chain ${chain.chainId}`,
      { chainId: chain.chainId },
    );
  return chain;
}

/**
 * Queues provisioning of a new pending legacy profile and answers its record; when the queue cannot be reached
 * the profile stays pending with a reason saying to retry.
 */
export async function queueProvisioning(db: DbOrTx, row: ProfileRecordRow) {
  try {
    await enqueue('profile/provision.requested', { profileId: row.id });
  } catch (error) {
    log.error({ err: error, profileId: row.id }, 'queueing profile provisioning failed');
    const [marked] = await db
      .update(profiles)
      .set({ stateReason: 'provisioning could not be queued; POST retry' })
      .where(eq(profiles.id, row.id))
      .returning(recordColumns);
    return toProfile(db, marked);
  }
  return toProfile(db, row);
}

/** A profile's audit event: its name, kind, chain and account, plus `details`. */
export const profileEvent = (
  actor: Actor,
  action: AuditAction,
  row: Pick<ProfileRecordRow, 'id' | 'workspaceId' | 'name' | 'kind' | 'chainId' | 'address'>,
  details: Record<string, unknown> = {},
) => ({
  workspaceId: row.workspaceId,
  actor,
  action,
  target: { type: 'profile', id: row.id },
  details: { name: row.name, kind: row.kind, chainId: row.chainId, address: row.address, ...details },
});

/**
 * Creates a legacy profile: checks the chain (enabled, allowed by the plan, legacy path on), generates the
 * account key, stores it envelope-encrypted and queues provisioning. Answers the pending profile.
 */
export async function createLegacyProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  input: CreateProfileInput,
) {
  const chain = await requireLegacyChain(db, workspaceId, input);
  const key = generatePrivateKey();
  const row = await auditedChange(
    db,
    async (tx) => {
      const [inserted] = await tx
        .insert(profiles)
        .values({
          id: newId('profile'),
          workspaceId,
          projectId: input.projectId,
          kind: 'legacy',
          state: 'pending',
          name: input.alias,
          chainId: chain.chainId,
          address: privateKeyToAccount(key).address,
          encryptedKey: encryptSecret(key),
          keySource: 'generated',
        })
        .returning(recordColumns);
      return inserted;
    },
    (inserted) => profileEvent(actor, 'profile.created', inserted, { projectId: inserted.projectId }),
  );
  return queueProvisioning(db, row);
}
