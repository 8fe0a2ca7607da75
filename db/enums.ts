// The values of every database enum, once. The pgEnums (db/schema), the API's zod schemas, the console and the
// CLI all read them from here. No imports, so any layer and any client component can take it.

export const PLAN_IDS = ['free', 'pro', 'enterprise'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const MEMBER_ROLES = ['owner', 'admin', 'member'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Who acted, on an audit entry (lib/audit/actor.ts). */
export const CREDENTIAL_KINDS = ['console', 'api_key', 'operator', 'cli_login'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];

export const CLI_LOGIN_STATUSES = ['pending', 'approved', 'denied', 'consumed'] as const;
export type CliLoginStatus = (typeof CLI_LOGIN_STATUSES)[number];

export const IDEMPOTENCY_STATES = ['in_progress', 'done'] as const;
export type IdempotencyState = (typeof IDEMPOTENCY_STATES)[number];

export const PROJECT_ENVIRONMENTS = ['production', 'development'] as const;
export type ProjectEnvironment = (typeof PROJECT_ENVIRONMENTS)[number];

export const PROFILE_KINDS = ['legacy', 'safe', 'roles'] as const;
export type ProfileKind = (typeof PROFILE_KINDS)[number];

export const PROFILE_STATES = ['pending', 'active', 'archived'] as const;
export type ProfileState = (typeof PROFILE_STATES)[number];

/** Legacy profiles: where the account's key came from. */
export const KEY_SOURCES = ['generated', 'imported'] as const;
export type KeySource = (typeof KEY_SOURCES)[number];

export const SAFE_TRANSACTION_PURPOSES = [
  'enable_module',
  'disable_module',
  /** A roles profile's setup: deploy the Roles modifier, enable it, assign and scope the executor's role. */
  'setup_roles',
  /** A roles profile's role changed to `scope` (extended from a permissions_not_covered error, or edited). */
  'change_role',
  /**
   * The Safe signs, through SignMessageLib, one message per call in `scope` allowing the executor to call its own
   * Safe, Roles modifier or executor (lib/profiles/self-calls.ts).
   */
  'allow_self_calls',
] as const;
export type SafeTransactionPurpose = (typeof SAFE_TRANSACTION_PURPOSES)[number];

/** A Safe profile's own module transactions: enable Tickwork's module, or revoke its access. */
export const MODULE_TRANSACTION_PURPOSES = [
  'enable_module',
  'disable_module',
] as const satisfies readonly SafeTransactionPurpose[];
export type ModuleTransactionPurpose = (typeof MODULE_TRANSACTION_PURPOSES)[number];

export const SAFE_TRANSACTION_STATES = ['collecting', 'executed', 'stale', 'cancelled'] as const;
export type SafeTransactionState = (typeof SAFE_TRANSACTION_STATES)[number];

export const EXECUTABLE_STATES = ['provisioning', 'active', 'paused', 'error', 'deleted'] as const;
export type ExecutableState = (typeof EXECUTABLE_STATES)[number];

/** The states a fresh sandbox can be built in (regenerate): active, paused, error. */
export const REGENERABLE_EXECUTABLE_STATES = [
  'active',
  'paused',
  'error',
] as const satisfies readonly ExecutableState[];

export const GAS_MODES = ['sponsored', 'self', 'self-funded'] as const;
export type GasMode = (typeof GAS_MODES)[number];

export const SPONSORSHIP_PROVIDERS = ['pimlico', 'alchemy'] as const;
export type SponsorshipProvider = (typeof SPONSORSHIP_PROVIDERS)[number];

export const SANDBOX_RUNTIMES = ['daytona', 'gvisor'] as const;
export type SandboxRuntime = (typeof SANDBOX_RUNTIMES)[number];

export const EXECUTION_STATUSES = [
  'pending',
  'running',
  'simulating',
  'submitted',
  'confirmed',
  'failed',
  'skipped',
  'submitted_unknown',
] as const;
export type ExecutionStatus = (typeof EXECUTION_STATUSES)[number];

/**
 * Unfinished: the run is still moving (queued, in its sandbox, simulating, or waiting for its receipt). At most
 * one per executable (the `executions_active_key` index); a new run waits for it to end.
 */
export const IN_FLIGHT_EXECUTION_STATUSES = [
  'pending',
  'running',
  'simulating',
  'submitted',
] as const satisfies readonly ExecutionStatus[];
export type InFlightExecutionStatus = (typeof IN_FLIGHT_EXECUTION_STATUSES)[number];

export const isInFlightExecutionStatus = (status: string): status is InFlightExecutionStatus =>
  (IN_FLIGHT_EXECUTION_STATUSES as readonly string[]).includes(status);

/**
 * Finished: the run ended (`confirmed`, `failed`, `skipped`, `submitted_unknown`): every status not in flight.
 * `submitted_unknown` is final for the run (its receipt did not come in time); only the reconciler moves it on, to
 * `confirmed` or `failed`, and it holds back no new run.
 */
export type FinalExecutionStatus = Exclude<ExecutionStatus, InFlightExecutionStatus>;
export const FINAL_EXECUTION_STATUSES = EXECUTION_STATUSES.filter(
  (status): status is FinalExecutionStatus => !isInFlightExecutionStatus(status),
);

export const isFinalExecutionStatus = (status: string): status is FinalExecutionStatus =>
  (FINAL_EXECUTION_STATUSES as readonly string[]).includes(status);

export const EXECUTION_TRIGGERS = ['schedule', 'webhook', 'manual', 'simulate', 'event', 'block'] as const;
export type ExecutionTrigger = (typeof EXECUTION_TRIGGERS)[number];

export const TRIGGER_EVENT_STATUSES = ['waiting', 'ready', 'dispatched', 'dropped'] as const;
export type TriggerEventStatus = (typeof TRIGGER_EVENT_STATUSES)[number];

/** Events not dispatched or dropped yet: waiting for their confirmations, or ready to run. */
export const OPEN_TRIGGER_EVENT_STATUSES = [
  'waiting',
  'ready',
] as const satisfies readonly TriggerEventStatus[];

export const WEBHOOK_STATES = ['active', 'revoked'] as const;
export type WebhookState = (typeof WEBHOOK_STATES)[number];

export const ALERT_KINDS = [
  'execution_failed',
  'consecutive_failures',
  'dead_man',
  'submitted_unknown',
  'low_balance',
  'function_switch_failed',
  'plan_usage',
  'transaction_vanished',
  /** An executable's runs are held: the fee the chain needs is above its cap (lib/executables/fee-hold.ts). */
  'fee_cap_held',
  /** A profile's account nonce is held by a transaction Tickwork cannot clear (lib/executions/sender-slot.ts). */
  'nonce_blocked',
  /** A roles profile's allowance is nearly spent (lib/alerts/allowance-check.ts). */
  'allowance_low',
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export const INCIDENT_STATES = ['open', 'resolved'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

export const CHANNEL_KINDS = ['webhook', 'email', 'slack', 'discord', 'telegram'] as const;
export type ChannelKind = (typeof CHANNEL_KINDS)[number];

export const CHANNEL_STATES = ['active', 'failing'] as const;
export type ChannelState = (typeof CHANNEL_STATES)[number];

/** A notification in the outbox. */
export const NOTIFICATION_STATES = ['pending', 'delivered', 'failed'] as const;
export type NotificationState = (typeof NOTIFICATION_STATES)[number];

/**
 * One signed transaction a run sent (lib/executions/broadcasts.ts): the first, a re-priced replacement at the same
 * nonce, or the zero-value self-transfer that clears the nonce once the run is given up.
 */
export const BROADCAST_KINDS = ['original', 'replacement', 'cancellation'] as const;
export type BroadcastKind = (typeof BROADCAST_KINDS)[number];

/** `signed`: recorded, maybe not yet sent; `sent`: an endpoint accepted it; `refused`: an endpoint refused it. */
export const BROADCAST_STATES = ['signed', 'sent', 'refused'] as const;
export type BroadcastState = (typeof BROADCAST_STATES)[number];

/**
 * What a broadcast is: a signed transaction sent to a node, or a signed ERC-4337 user operation sent to a
 * bundler (its nonce is the account's EntryPoint nonce, not the account's transaction count).
 */
export const BROADCAST_ENVELOPES = ['transaction', 'user_operation'] as const;
export type BroadcastEnvelope = (typeof BROADCAST_ENVELOPES)[number];

/** Where a signed transaction went: the chain's public RPC (its mempool), or the chain's private endpoint. */
export const BROADCAST_ROUTES = ['public', 'private'] as const;
export type BroadcastRoute = (typeof BROADCAST_ROUTES)[number];

/**
 * An executable's use of its chain's private transaction endpoint (docs/executions.md#private-submission):
 * `auto` there first when the chain names one, to the public mempool after the chain's fallback; `only` there and
 * never public; `off` the public mempool.
 */
export const PRIVATE_SUBMISSION_MODES = ['auto', 'only', 'off'] as const;
export type PrivateSubmissionMode = (typeof PRIVATE_SUBMISSION_MODES)[number];
