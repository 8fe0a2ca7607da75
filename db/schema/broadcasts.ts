import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { BROADCAST_ENVELOPES, BROADCAST_KINDS, BROADCAST_ROUTES, BROADCAST_STATES } from '../enums';
import { executions, type SemanticError } from './executions';
import { tstz } from './util';

export const broadcastKindEnum = pgEnum('broadcast_kind', BROADCAST_KINDS);
export const broadcastStateEnum = pgEnum('broadcast_state', BROADCAST_STATES);
export const broadcastRouteEnum = pgEnum('broadcast_route', BROADCAST_ROUTES);
export const broadcastEnvelopeEnum = pgEnum('broadcast_envelope', BROADCAST_ENVELOPES);

/**
 * Every transaction (or user operation) a run signed, recorded before any endpoint sees it (write-ahead): the
 * first, each re-priced replacement at the same nonce, and the cancellation. The signed bytes are kept so one a
 * pool dropped is sent again as it was; they never leave the server. Whichever of a run's hashes is mined ends
 * the run.
 */
export const transactionBroadcasts = pgTable(
  'transaction_broadcasts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    executionId: text('execution_id')
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    /** The sending account, lower case. */
    sender: text('sender').notNull(),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    kind: broadcastKindEnum('kind').notNull(),
    /** A transaction, or a user operation sent to a bundler (`txHash` then holds its userOpHash). */
    envelope: broadcastEnvelopeEnum('envelope').notNull().default('transaction'),
    txHash: text('tx_hash').notNull(),
    /** The signed serialized transaction (hex), or the signed user operation (JSON, in its RPC form). */
    raw: text('raw').notNull(),
    gasLimit: text('gas_limit').notNull(),
    maxFeePerGas: text('max_fee_per_gas').notNull(),
    maxPriorityFeePerGas: text('max_priority_fee_per_gas').notNull(),
    state: broadcastStateEnum('state').notNull().default('signed'),
    /** Why the endpoint refused it (state `refused`). */
    error: jsonb('error').$type<SemanticError>(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    /** When an endpoint first accepted it; `lastSentAt` the latest time it was sent (a pool may drop it). */
    sentAt: tstz('sent_at'),
    lastSentAt: tstz('last_sent_at'),
    sendCount: integer('send_count').notNull().default(0),
    /** Where it was sent: the public RPC, or the chain's private endpoint (which never gossips it). */
    route: broadcastRouteEnum('route').notNull().default('public'),
    /** A private one: from this block on it may also go to the public mempool (null: never). */
    publicAfterBlock: bigint('public_after_block', { mode: 'number' }),
    /** A private one: when it was also sent to the public mempool (the fallback). */
    publicAt: tstz('public_at'),
    /** The block it was mined in, once seen. */
    minedBlock: bigint('mined_block', { mode: 'number' }),
    /** A user operation mined: the bundle transaction that carried it. */
    bundleTxHash: text('bundle_tx_hash'),
  },
  (t) => [
    // per run: a run signing exactly what an earlier run signed (same nonce, calls and fees, after a reorg took
    // the earlier one back) has the same hash
    uniqueIndex('transaction_broadcasts_hash_key').on(t.executionId, t.txHash),
    index('transaction_broadcasts_sender_idx').on(t.chainId, t.sender, t.nonce),
    index('transaction_broadcasts_execution_idx').on(t.executionId, t.id),
  ],
);
