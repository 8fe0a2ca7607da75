import { bigint, index, integer, jsonb, pgEnum, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { OPEN_TRIGGER_EVENT_STATUSES, TRIGGER_EVENT_STATUSES } from '../enums';
import { executables } from './executables';
import { id, inValues, tstz } from './util';

/**
 * How far the chain follower has read a chain (lib/triggers): the last block it scanned and that block's hash
 * (a different hash at that height later means a reorg), and the head it saw then (lag = head − block).
 */
export const chainCursors = pgTable('chain_cursors', {
  chainId: integer('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  headNumber: bigint('head_number', { mode: 'number' }).notNull(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * `waiting`: seen, not yet at its confirmations; `ready`: confirmed, waiting its turn (one unfinished execution
 * per executable); `dispatched`: its execution exists; `dropped`: it will not run (`drop_reason` says why).
 */
export const triggerEventStatusEnum = pgEnum('trigger_event_status', TRIGGER_EVENT_STATUSES);

/** A log or block an event or block trigger matched: the durable queue of its runs, and their exactly-once key. */
export type TriggerPayload =
  | {
      kind: 'log';
      address: string;
      topics: string[];
      data: string;
      blockNumber: number;
      blockHash: string;
      transactionHash: string;
      transactionIndex: number;
      logIndex: number;
    }
  | { kind: 'block'; blockNumber: number; blockHash: string; timestamp: number };

/**
 * Why a trigger event was dropped: `reorg` (its block left the chain: a rescan that finds it again, on a chain
 * that went back to that fork, makes it waiting again), `trigger_changed` (the executable's trigger changed
 * before it ran), `executable_deleted`.
 */
export type TriggerDropReason = 'reorg' | 'trigger_changed' | 'executable_deleted';

export const triggerEvents = pgTable(
  'trigger_events',
  {
    id: id(),
    executableId: text('executable_id')
      .notNull()
      .references(() => executables.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
    /** The log's index in its block; -1 for a block trigger. */
    logIndex: integer('log_index').notNull(),
    payload: jsonb('payload').$type<TriggerPayload>().notNull(),
    status: triggerEventStatusEnum('status').notNull().default('waiting'),
    /** The block number at which it has its confirmations. */
    readyAt: bigint('ready_at', { mode: 'number' }).notNull(),
    executionId: text('execution_id'),
    /** Set with status `dropped`. */
    dropReason: text('drop_reason').$type<TriggerDropReason>(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    dispatchedAt: tstz('dispatched_at'),
  },
  (t) => [
    /** One run per (executable, chain, block hash, log index), whichever instance saw it. */
    uniqueIndex('trigger_events_key').on(t.executableId, t.chainId, t.blockHash, t.logIndex),
    index('trigger_events_queue_idx')
      .on(t.executableId, t.blockNumber, t.logIndex)
      .where(inValues('status', OPEN_TRIGGER_EVENT_STATUSES)),
    index('trigger_events_chain_idx')
      .on(t.chainId, t.blockNumber)
      .where(inValues('status', OPEN_TRIGGER_EVENT_STATUSES)),
  ],
);
