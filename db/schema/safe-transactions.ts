import { index, integer, jsonb, pgEnum, pgTable, text } from 'drizzle-orm/pg-core';
import type { Condition } from 'zodiac-roles-sdk';
import { SAFE_TRANSACTION_PURPOSES, SAFE_TRANSACTION_STATES } from '../enums';
import { projectOwned } from './projects';
import { id, timestamps } from './util';

export const safeTransactionPurposeEnum = pgEnum('safe_transaction_purpose', SAFE_TRANSACTION_PURPOSES);
/** collecting → executed (seen on chain) | stale (the Safe's nonce moved past it) | cancelled (replaced). */
export const safeTransactionStateEnum = pgEnum('safe_transaction_state', SAFE_TRANSACTION_STATES);

/** One owner's EIP-712 signature of the SafeTx, checked against the owners read from the chain. */
export type SafeSignature = { signer: string; signature: string; signedAt: string };

/**
 * A Safe transaction Tickwork prepared for a profile's owners to sign (enable or disable its module): the
 * SafeTx fields at a fixed Safe nonce, its EIP-712 hash and the signatures collected so far. Signatures are
 * self-authenticating, so the signing page is public; only an owner's signature is accepted.
 */
export const safeTransactions = pgTable(
  'safe_transactions',
  {
    id: id(),
    ...projectOwned(),
    profileId: text('profile_id').notNull(),
    purpose: safeTransactionPurposeEnum('purpose').notNull(),
    state: safeTransactionStateEnum('state').notNull(),
    chainId: integer('chain_id').notNull(),
    safe: text('safe').notNull(),
    to: text('to').notNull(),
    value: text('value').notNull(),
    data: text('data').notNull(),
    operation: integer('operation').notNull(),
    nonce: text('nonce').notNull(),
    safeTxHash: text('safe_tx_hash').notNull(),
    signatures: jsonb('signatures').$type<SafeSignature[]>().notNull().default([]),
    /**
     * Roles transactions: the (target, selectors) scope the role has once this transaction is executed;
     * allow_self_calls: the self-calls it allows.
     */
    scope:
      jsonb('scope').$type<{ to: string; functions: string[]; conditions?: Record<string, Condition> }[]>(),
    /** Roles transactions: the allowances (name, amount per period, period, start) it sets on the modifier. */
    allowances:
      jsonb('allowances').$type<{ name: string; amount: string; periodSeconds: number; start?: number }[]>(),
    /** Set when the Safe's nonce moved past this one: the transaction prepared again in its place. */
    replacedBy: text('replaced_by'),
    /** The `execTransaction` a wallet sent, when it told us (the chain is what counts). */
    executedTxHash: text('executed_tx_hash'),
    ...timestamps,
  },
  (t) => [index('safe_transactions_profile_idx').on(t.profileId, t.id)],
);
