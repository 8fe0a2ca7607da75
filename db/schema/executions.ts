import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { EXECUTION_STATUSES, EXECUTION_TRIGGERS, IN_FLIGHT_EXECUTION_STATUSES } from '../enums';
import { executables } from './executables';
import { projectOwned } from './projects';
import { id, inValues, tstz } from './util';

export const executionStatusEnum = pgEnum('execution_status', EXECUTION_STATUSES);
export const executionTriggerEnum = pgEnum('execution_trigger', EXECUTION_TRIGGERS);

export type SubmittedCall = { to: string; selector: string; value?: string };
export type SemanticError = { code: string; message: string };

/**
 * How a release's callback went; shown on the execution. `pending` is set with the final status, `running` once
 * a job took it (a retried job never runs it again), then `succeeded` or `failed`. `event` is what the callback
 * gets (lib/runtime/task-types.ts CallbackEvent), kept for the job; the API does not show it.
 */
export type CallbackOutcome = {
  name: string;
  status: 'pending' | 'running' | 'succeeded' | 'failed';
  event?: unknown;
  error?: { code: string; message: string };
  durationMs?: number;
  finishedAt?: string;
};

export const executions = pgTable(
  'executions',
  {
    id: id(),
    ...projectOwned(),
    executableId: text('executable_id')
      .notNull()
      .references(() => executables.id, { onDelete: 'cascade' }),
    functionId: text('function_id').notNull(),
    status: executionStatusEnum('status').notNull().default('pending'),
    trigger: executionTriggerEnum('trigger').notNull(),
    dryRun: boolean('dry_run').notNull().default(false),
    webhookId: text('webhook_id'),
    /** Custom args of a webhook call (JSON text); null = saved args. */
    args: text('args'),
    chainId: integer('chain_id').notNull(),
    message: text('message'),
    error: jsonb('error').$type<SemanticError>(),
    calls: jsonb('calls').$type<SubmittedCall[]>(),
    txHash: text('tx_hash'),
    userOpHash: text('user_op_hash'),
    nonce: bigint('nonce', { mode: 'number' }),
    gasUsed: text('gas_used'),
    effectiveGasPrice: text('effective_gas_price'),
    blockNumber: bigint('block_number', { mode: 'number' }),
    computeUnits: integer('compute_units').notNull().default(0),
    rpcRequests: integer('rpc_requests').notNull().default(0),
    /** The sandbox runner that ran the task (lib/runtime/runners): isolate, gvisor or daytona; null until it ran. */
    runner: text('runner'),
    /** What the runner was made of when it ran (e.g. `runsc 0.0~20221219.0; isolated-vm 6.0.1; node 20.20.2`). */
    runnerVersion: text('runner_version'),
    storageSnapshot: jsonb('storage_snapshot'),
    /** The chain's head block when the run started: what replay pins its fork to. */
    readBlock: bigint('read_block', { mode: 'number' }),
    /** The storage version the run read (its value stays in storage_versions for a while). */
    storageVersion: integer('storage_version'),
    /** The callback run after the outcome (onSuccess or onFail) and how it went; null when none ran. */
    callback: jsonb('callback').$type<CallbackOutcome | null>(),
    scheduledAt: tstz('scheduled_at').notNull(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    /** The log or block an event or block trigger ran for (trigger_events); one execution per trigger event. */
    triggerEventId: text('trigger_event_id'),
    /**
     * After a confirmed run's block is past the chain's finality depth, whether its transaction is still there:
     * `final`, or `vanished` (a reorg removed it; marked and alerted). Null until checked.
     */
    finality: text('finality'),
    finalityCheckedAt: tstz('finality_checked_at'),
    /** submitted_unknown only: when the reconciler next looks for the transaction (null: it stopped looking). */
    reconcileAt: tstz('reconcile_at'),
    /**
     * A submitted run whose transaction is watched (lib/executions/watch.ts): when the watcher next looks at it.
     * Null for runs the watcher does not own (user operations, runs submitted before it existed).
     */
    watchAt: tstz('watch_at'),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('executions_executable_idx').on(t.executableId, t.id),
    index('executions_project_idx').on(t.projectId, t.id),
    index('executions_project_status_idx').on(t.projectId, t.status, t.id),
    index('executions_watch_idx').on(t.watchAt).where(sql`status = 'submitted'`),
    index('executions_reconcile_idx').on(t.reconcileAt).where(sql`status = 'submitted_unknown'`),
    uniqueIndex('executions_trigger_event_key').on(t.triggerEventId),
    index('executions_finality_idx')
      .on(t.chainId, t.blockNumber)
      .where(sql`status = 'confirmed' and finality is null`),
    /** At most one unfinished (in-flight) execution per executable. */
    uniqueIndex('executions_active_key')
      .on(t.executableId)
      .where(inValues('status', IN_FLIGHT_EXECUTION_STATUSES)),
  ],
);

export const executionLogs = pgTable(
  'execution_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    executionId: text('execution_id')
      .notNull()
      .references(() => executions.id, { onDelete: 'cascade' }),
    level: text('level').notNull(),
    message: text('message').notNull(),
    data: jsonb('data'),
    at: tstz('at').notNull().defaultNow(),
  },
  (t) => [index('execution_logs_execution_idx').on(t.executionId, t.id)],
);
