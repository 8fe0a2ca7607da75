// The Safe transactions Tickwork prepares for a Safe profile's owners (enable or disable its module), and their
// signing: one record per transaction at a fixed Safe nonce, signatures added one owner at a time from any
// browser, checked against the owners read from the chain. Once the Safe's nonce moves past a transaction that
// did not happen, it is stale and prepared again at the new nonce.

import { and, desc, eq, isNull } from 'drizzle-orm';
import { type Address, getAddress, type Hex, isHex, size } from 'viem';
import type { DbOrTx } from '@/db/client';
import type { ModuleTransactionPurpose, SafeTransactionPurpose } from '@/db/enums';
import { functionReleases, profiles, type SafeSignature, safeTransactions } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { findChain } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import { signaturesBySelector } from '@/lib/functions/permissions';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { isModuleEnabled, readSafeOrRefuse, type SafeReading } from '@/lib/safe/read';
import {
  execTransactionData,
  packSignatures,
  recoverSafeTxSigner,
  type SafeTx,
  safeTxHash,
  safeTxTypedData,
} from '@/lib/safe/transaction';
import { type AllowanceSpec, allowanceWords } from '@/lib/zodiac/allowance-spec';
import { describeSafeTx, describeScope, type FunctionNames, rawScopeConditions } from '@/lib/zodiac/describe';
import { normalizeScope, type ScopeEntry } from '@/lib/zodiac/role';
import { type ProfileForTx, planSafeTx, purposeHolds, tickworkModuleOf } from './safe-transaction-plans';
import { profileEvent, requireProfile } from './service';

type SafeTransactionRow = typeof safeTransactions.$inferSelect;

const safeTxOf = (row: SafeTransactionRow): SafeTx => ({
  to: row.to as Address,
  value: BigInt(row.value),
  data: row.data as Hex,
  operation: row.operation,
  nonce: BigInt(row.nonce),
});

/**
 * Records a prepared Safe transaction of a profile (earlier ones of the profile still collecting are cancelled and
 * point to it). `scope` is what a roles transaction leaves the role allowing, `allowances` what it sets.
 */
export async function insertSafeTransaction(
  db: DbOrTx,
  profile: ProfileForTx,
  purpose: SafeTransactionPurpose,
  tx: SafeTx,
  scope: ScopeEntry[] | null = null,
  allowances: AllowanceSpec[] | null = null,
): Promise<string> {
  const id = newId('safeTransaction');
  const safe = getAddress(profile.address);
  await db
    .update(safeTransactions)
    .set({ state: 'cancelled', replacedBy: id })
    .where(and(eq(safeTransactions.profileId, profile.id), eq(safeTransactions.state, 'collecting')));
  await db.insert(safeTransactions).values({
    id,
    workspaceId: profile.workspaceId,
    projectId: profile.projectId,
    profileId: profile.id,
    purpose,
    state: 'collecting',
    chainId: profile.chainId,
    safe,
    to: tx.to,
    value: tx.value.toString(),
    data: tx.data,
    operation: tx.operation,
    nonce: tx.nonce.toString(),
    safeTxHash: safeTxHash(profile.chainId, safe, tx),
    scope: scope && normalizeScope(scope),
    allowances: allowances && allowances.length > 0 ? allowances : null,
  });
  return id;
}

function chainOf(chainId: number) {
  const chain = findChain(chainId);
  if (!chain) throw apiError('chain_not_enabled', `chain ${chainId} is no longer enabled on this deployment`);
  return chain;
}

/**
 * Console: prepares, at the Safe's current nonce, `enableModule` (Tickwork's module is off) or `disableModule` (it
 * is on) for a Safe or roles profile of the workspace: the executor of a Safe profile, the Roles modifier of a
 * roles profile. Answers the new transaction's id.
 */
export async function prepareSafeTransaction(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
  purpose: ModuleTransactionPurpose,
) {
  const profile = await requireProfile(db, workspaceId, profileId);
  if (profile.kind === 'legacy' || !profile.executor)
    throw apiError('profile_not_safe', 'only Safe and roles profiles have module transactions');
  const chain = chainOf(profile.chainId);
  const reading = await readSafeOrRefuse(chain, profile.address as Address);
  const enabled = await isModuleEnabled(chain, reading.address, tickworkModuleOf(profile));
  if (purpose === 'enable_module' && enabled)
    throw apiError('module_already_enabled', "Tickwork's module is already enabled on this Safe");
  if (purpose === 'disable_module' && !enabled)
    throw apiError('module_not_enabled', "Tickwork's module is not enabled on this Safe");
  const tx = await planSafeTx(chain, profile, purpose, reading);
  if (!tx) throw new Error('a module transaction always has a call');
  return db.transaction(async (t) => {
    const id = await insertSafeTransaction(t, profile, purpose, tx);
    const action =
      purpose === 'enable_module' ? 'profile.module_enable_prepared' : 'profile.module_disable_prepared';
    await recordAudit(
      t,
      profileEvent(actor, action, profile, { safeTransactionId: id, executor: profile.executor }),
    );
    return id;
  });
}

async function loadTransaction(db: DbOrTx, id: string, opts: { lock?: boolean } = {}) {
  const query = db.select().from(safeTransactions).where(eq(safeTransactions.id, id));
  const [row] = await (opts.lock ? query.for('update') : query);
  if (!row) throw notFound('Safe transaction');
  return row;
}

/**
 * Brings a collecting transaction up to date with the chain: when the Safe's nonce moved past it, it either
 * happened (what it asked for holds on chain: executed) or something else used the nonce (stale: prepared again
 * at the new nonce, linked through `replacedBy`; nothing left to do: executed).
 */
async function settle(
  db: DbOrTx,
  row: SafeTransactionRow,
  reading: SafeReading,
): Promise<SafeTransactionRow> {
  if (row.state !== 'collecting' || reading.nonce <= BigInt(row.nonce)) return row;
  const [profile] = await db.select().from(profiles).where(eq(profiles.id, row.profileId));
  if (!profile?.executor) return row;
  const chain = chainOf(row.chainId);
  const executed = async () => {
    const [done] = await db
      .update(safeTransactions)
      .set({ state: 'executed' })
      .where(and(eq(safeTransactions.id, row.id), eq(safeTransactions.state, 'collecting')))
      .returning();
    if (done) await enqueue('profile/provision.requested', { profileId: row.profileId });
    return done ?? row;
  };
  if (await purposeHolds(chain, profile, row.purpose, row.scope, row.allowances)) return executed();
  const again = await planSafeTx(chain, profile, row.purpose, reading, {
    tx: safeTxOf(row),
    scope: row.scope,
    allowances: row.allowances,
  });
  if (!again) return executed();
  return db.transaction(async (tx) => {
    const replacedBy = await insertSafeTransaction(
      tx,
      profile,
      row.purpose,
      again,
      row.scope,
      row.allowances,
    );
    const [stale] = await tx
      .update(safeTransactions)
      .set({ state: 'stale', replacedBy })
      .where(eq(safeTransactions.id, row.id))
      .returning();
    return stale;
  });
}

/** What the public signing page shows: the transaction in words and raw, who signed, what is still needed. */
export async function getSafeTransactionView(db: DbOrTx, id: string) {
  const row = await loadTransaction(db, id);
  const chain = chainOf(row.chainId);
  const reading = await readSafeOrRefuse(chain, row.safe as Address);
  const [current, names] = await Promise.all([
    settle(db, row, reading),
    projectFunctionNames(db, row.projectId),
  ]);
  return toView(current, reading, chain.name, names);
}

/** Function signatures the project's releases name, so a transaction's words say `topUp(address)`. */
async function projectFunctionNames(db: DbOrTx, projectId: string): Promise<FunctionNames> {
  const rows = await db
    .select({ permissions: functionReleases.permissions })
    .from(functionReleases)
    .where(and(eq(functionReleases.projectId, projectId), isNull(functionReleases.deletedAt)));
  return signaturesBySelector(rows.map((r) => r.permissions));
}

/** Which of Safe's own contracts a delegatecall (operation 1) runs as the Safe, or null (another contract). */
export type DelegatecallTarget = 'multiSendCallOnly' | 'multiSend' | 'signMessageLib' | null;

function delegatecallTargetOf(chainId: number, to: Address): DelegatecallTarget {
  const contracts = getChainContracts(chainId);
  const known = (['multiSendCallOnly', 'multiSend', 'signMessageLib'] as const).find(
    (name) => contracts?.[name]?.toLowerCase() === to.toLowerCase(),
  );
  return known ?? null;
}

const multiSendsOf = (chainId: number) => {
  const contracts = getChainContracts(chainId);
  return contracts ? [contracts.multiSendCallOnly, contracts.multiSend] : [];
};

function toView(row: SafeTransactionRow, reading: SafeReading, chainName: string, names?: FunctionNames) {
  const tx = safeTxOf(row);
  const owners = new Set(reading.owners.map((o) => o.toLowerCase()));
  const valid = row.signatures.filter((s) => owners.has(s.signer.toLowerCase()));
  const ready = row.state === 'collecting' && valid.length >= reading.threshold;
  const typed = safeTxTypedData(row.chainId, row.safe as Address, tx);
  return {
    id: row.id,
    purpose: row.purpose,
    state: row.state,
    replacedBy: row.replacedBy,
    chainId: row.chainId,
    chainName,
    safe: getAddress(row.safe),
    safeVersion: reading.version,
    owners: reading.owners,
    threshold: reading.threshold,
    safeNonce: reading.nonce.toString(),
    /** What the transaction does, call by call, in words (a MultiSend batch unpacked). */
    calls: describeSafeTx(tx, getAddress(row.safe), { multiSend: multiSendsOf(row.chainId), names }),
    /** Roles transactions: what the role allows once it is executed. */
    scope: row.scope,
    /** …the same, call by call in words with their conditions, and the allowances it sets. */
    scopeWords: row.scope && describeScope(row.scope, names),
    /** …and each conditioned function's condition as the Roles modifier checks it (the raw view). */
    scopeConditions: row.scope ? rawScopeConditions(row.scope, names) : [],
    allowances: (row.allowances ?? []).map(allowanceWords),
    transaction: {
      to: tx.to,
      value: tx.value.toString(),
      data: tx.data,
      operation: tx.operation,
      nonce: row.nonce,
    },
    /** For a delegatecall: which of Safe's contracts runs as the Safe (the page explains what it may do). */
    delegatecallTarget: tx.operation === 1 ? delegatecallTargetOf(row.chainId, tx.to) : null,
    safeTxHash: row.safeTxHash as Hex,
    /** For `eth_signTypedData_v4` (numbers as decimal strings). */
    typedData: {
      ...typed,
      message: {
        ...typed.message,
        value: tx.value.toString(),
        safeTxGas: '0',
        baseGas: '0',
        gasPrice: '0',
        nonce: row.nonce,
      },
    },
    signatures: row.signatures.map((s) => ({
      signer: getAddress(s.signer),
      signedAt: s.signedAt,
      owner: owners.has(s.signer.toLowerCase()),
    })),
    collected: valid.length,
    /** At threshold: what any wallet sends to execute it (to the Safe, value 0). */
    execution: ready
      ? { to: getAddress(row.safe), data: execTransactionData(tx, packSignatures(valid)) }
      : null,
    executedTxHash: row.executedTxHash,
  };
}

export type SafeTransactionView = Awaited<ReturnType<typeof getSafeTransactionView>>;

/**
 * Adds an owner's EIP-712 signature of the SafeTx. Refused: a transaction no longer collecting, a malformed
 * signature, a signer who is not an owner now. Signing twice is harmless (the first signature stays).
 */
export async function addSafeSignature(db: DbOrTx, id: string, signature: string) {
  if (!isHex(signature) || size(signature) !== 65)
    throw apiError('invalid_signature', 'a signature is 65 bytes of hex (r, s, v), as wallets return it');
  const row = await loadTransaction(db, id);
  const chain = chainOf(row.chainId);
  const reading = await readSafeOrRefuse(chain, row.safe as Address);
  const current = await settle(db, row, reading);
  if (current.state !== 'collecting')
    throw apiError(
      current.state === 'stale' ? 'safe_nonce_moved' : 'safe_transaction_closed',
      current.state === 'stale'
        ? 'the Safe executed another transaction meanwhile; this one was prepared again at the new nonce: sign that one'
        : `this Safe transaction is ${current.state}`,
      { replacedBy: current.replacedBy },
    );
  let signer: Address;
  try {
    signer = await recoverSafeTxSigner(row.chainId, row.safe as Address, safeTxOf(row), signature);
  } catch {
    throw apiError('invalid_signature', 'the signature could not be verified');
  }
  if (!reading.owners.some((o) => o.toLowerCase() === signer.toLowerCase()))
    throw apiError('not_a_safe_owner', `${signer} signed this, but it is not an owner of the Safe`, {
      signer,
    });
  return db.transaction(async (tx) => {
    const locked = await loadTransaction(tx, id, { lock: true });
    if (!locked.signatures.some((s) => s.signer.toLowerCase() === signer.toLowerCase())) {
      const entry: SafeSignature = { signer, signature, signedAt: new Date().toISOString() };
      await tx
        .update(safeTransactions)
        .set({ signatures: [...locked.signatures, entry] })
        .where(eq(safeTransactions.id, id));
    }
    return toView(
      await loadTransaction(tx, id),
      reading,
      chain.name,
      await projectFunctionNames(tx, row.projectId),
    );
  });
}

/**
 * A wallet says it sent `execTransaction`: the hash is kept for the page and a job reads the chain (the profile
 * turns active only when the job sees the module enabled). The first hash stays: the same one again changes
 * nothing and queues nothing; another one is refused (`safe_execution_reported`), so a stranger holding the link
 * cannot replace it. A report on a transaction no longer collecting records nothing.
 */
export async function reportSafeExecution(db: DbOrTx, id: string, txHash: string) {
  if (!isHex(txHash) || size(txHash) !== 32)
    throw apiError('invalid_request', 'txHash is a 32-byte hex hash');
  const hash = txHash.toLowerCase();
  const row = await loadTransaction(db, id);
  if (!row.executedTxHash && row.state === 'collecting') {
    const [recorded] = await db
      .update(safeTransactions)
      .set({ executedTxHash: hash })
      .where(
        and(
          eq(safeTransactions.id, id),
          eq(safeTransactions.state, 'collecting'),
          isNull(safeTransactions.executedTxHash),
        ),
      )
      .returning({ id: safeTransactions.id });
    if (recorded) await enqueue('profile/provision.requested', { profileId: row.profileId });
  }
  const { executedTxHash } = await loadTransaction(db, id);
  if (executedTxHash && executedTxHash.toLowerCase() !== hash)
    throw apiError(
      'safe_execution_reported',
      'another execution was already reported for this Safe transaction; the chain decides whether it happened',
      { executedTxHash },
    );
  return getSafeTransactionView(db, id);
}

/** The newest transaction of a profile still collecting signatures, if any (console). */
export async function openSafeTransactionOf(db: DbOrTx, profileId: string) {
  const [row] = await db
    .select({ id: safeTransactions.id, purpose: safeTransactions.purpose })
    .from(safeTransactions)
    .where(and(eq(safeTransactions.profileId, profileId), eq(safeTransactions.state, 'collecting')))
    .orderBy(desc(safeTransactions.id))
    .limit(1);
  return row ?? null;
}
