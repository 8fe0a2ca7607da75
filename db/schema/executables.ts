import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import {
  EXECUTABLE_STATES,
  GAS_MODES,
  PRIVATE_SUBMISSION_MODES,
  SANDBOX_RUNTIMES,
  SPONSORSHIP_PROVIDERS,
} from '../enums';
import { functionReleases } from './functions';
import { profiles } from './profiles';
import { projectOwned } from './projects';
import { id, timestamps, tstz } from './util';

export const executableStateEnum = pgEnum('executable_state', EXECUTABLE_STATES);
export const gasModeEnum = pgEnum('gas_mode', GAS_MODES);
export const sponsorshipProviderEnum = pgEnum('sponsorship_provider', SPONSORSHIP_PROVIDERS);
export const sandboxRuntimeEnum = pgEnum('sandbox_runtime', SANDBOX_RUNTIMES);
export const privateSubmissionEnum = pgEnum('private_submission', PRIVATE_SUBMISSION_MODES);

/** A chain event: logs of `addresses` (any, when empty) matching `topics` (topic0 from the event signature). */
export type EventTrigger = {
  type: 'event';
  chainId: number;
  addresses: string[];
  /** The event's signature as given (e.g. `Transfer(address indexed from, address indexed to, uint256 value)`). */
  event: string | null;
  /** topic0..3; null matches anything at that position, an array any of its values. */
  topics: (string | string[] | null)[];
  confirmations: number;
};
/** Every `everyBlocks` blocks of a chain, once the block has `confirmations`. */
export type BlockTrigger = { type: 'block'; chainId: number; everyBlocks: number; confirmations: number };
export type Trigger =
  | { type: 'interval'; intervalMs: number }
  | { type: 'cron'; cronspec: string }
  | EventTrigger
  | BlockTrigger;
export type SecretBinding = { secretId: string; envKey: string };
export type PendingFunctionSwitch = {
  functionId: string;
  args?: string;
  requestId: string;
  requestedAt: string;
};
export type FunctionSwitchError = { functionId: string; message: string; at: string };

export const executables = pgTable(
  'executables',
  {
    id: id(),
    ...projectOwned(),
    functionId: text('function_id')
      .notNull()
      .references(() => functionReleases.id),
    profileId: text('profile_id')
      .notNull()
      .references(() => profiles.id),
    name: text('name').notNull(),
    state: executableStateEnum('state').notNull().default('provisioning'),
    stateReason: text('state_reason'),
    trigger: jsonb('trigger').$type<Trigger>().notNull(),
    /** When the scheduler should next fire; null while not active. */
    nextRunAt: tstz('next_run_at'),
    /** JSON-encoded task args (a string, as the spec says). */
    args: text('args').notNull().default('{}'),
    secretBindings: jsonb('secret_bindings').$type<SecretBinding[]>().notNull().default([]),
    gasMode: gasModeEnum('gas_mode').notNull().default('self'),
    gasFallback: boolean('gas_fallback').notNull().default(false),
    sponsorshipProvider: sponsorshipProviderEnum('sponsorship_provider'),
    /** The most a run may bid per gas (wei, decimal); null: the chain's default cap, if any. */
    maxFeePerGas: text('max_fee_per_gas'),
    /** The most a run may pay for gas (gas limit × max fee, wei, decimal); null: no such cap. */
    maxCostPerRun: text('max_cost_per_run'),
    /** Whether runs go to the chain's private transaction endpoint first (db/enums.ts). */
    privateSubmission: privateSubmissionEnum('private_submission').notNull().default('auto'),
    /** Set while runs are held because the chain needs a fee above the cap; cleared when fees fall. */
    feeHeldSince: tstz('fee_held_since'),
    /** The max fee per gas (wei) the chain needed when the hold began. */
    feeHoldRequired: text('fee_hold_required'),
    sandboxRuntime: sandboxRuntimeEnum('sandbox_runtime').notNull().default('daytona'),
    /** Opaque reference to the built sandbox of the current release (runner-specific). */
    sandboxRef: text('sandbox_ref'),
    pinned: boolean('pinned').notNull().default(false),
    pendingFunctionSwitch: jsonb('pending_function_switch').$type<PendingFunctionSwitch>(),
    lastFunctionSwitchError: jsonb('last_function_switch_error').$type<FunctionSwitchError>(),
    deletedAt: tstz('deleted_at'),
    ...timestamps,
  },
  (t) => [
    index('executables_project_idx').on(t.projectId, t.id),
    index('executables_due_idx').on(t.nextRunAt).where(sql`state = 'active'`),
    index('executables_workspace_idx').on(t.workspaceId).where(sql`state <> 'deleted'`),
    /** The held few the transaction watcher looks at every tick (lib/executables/fee-hold.ts). */
    index('executables_fee_held_idx').on(t.profileId).where(sql`fee_held_since is not null`),
  ],
);

/** One JSON object per executable with optimistic version and an execution lock. */
export const executableStorage = pgTable('executable_storage', {
  executableId: text('executable_id')
    .primaryKey()
    .references(() => executables.id, { onDelete: 'cascade' }),
  version: integer('version').notNull().default(0),
  value: jsonb('value').$type<Record<string, unknown>>().notNull().default({}),
  lockedBy: text('locked_by'),
  lockedUntil: tstz('locked_until'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * Past storage values, one row per committed version, kept for a while (see lib/storage) so that replay can
 * show a run the storage it read. Version 0 is the empty object and is never written.
 */
export const storageVersions = pgTable(
  'storage_versions',
  {
    executableId: text('executable_id')
      .notNull()
      .references(() => executables.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    value: jsonb('value').$type<Record<string, unknown>>().notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.executableId, t.version] }),
    index('storage_versions_created_idx').on(t.createdAt),
  ],
);
