/**
 * @tickwork/sdk — what a task author imports. Types of the run context and result, plus `defineTask`.
 * No dependencies: the bundler (`tickwork bundle`) inlines this file into the task's index.js.
 */

export type Hex = `0x${string}`;
export type Address = `0x${string}`;

export type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

/**
 * The executable's storage: one JSON object (≤ 100 MiB serialized) that survives between runs. Changes are
 * committed when the run ends (with the skip or the submission), and only if the object changed.
 */
export interface TaskStorage {
  /** The value under `key`, or undefined when absent. */
  get<T extends Json = Json>(key: string): Promise<T | undefined>;
  /** Sets `key` to a JSON value. */
  set(key: string, value: Json): Promise<void>;
  /** Removes `key`. */
  delete(key: string): Promise<void>;
  /** The whole stored object. */
  getAll(): Promise<JsonObject>;
}

export interface TaskSecrets {
  /** The value of a secret bound to the executable under `envKey`; undefined when nothing is bound there. */
  get(envKey: string): Promise<string | undefined>;
  /** Every bound secret, envKey → value (a copy); what a Defender action's `event.secrets` is made of. */
  getAll(): Promise<Record<string, string>>;
}

/** An EIP-1193 request, as viem's `custom()` transport sends it. */
export type ChainRequest = { method: string; params?: readonly unknown[] | object };

/**
 * The profile's chain. `request` is an EIP-1193 provider function, so
 * `createPublicClient({ transport: custom(ctx.chain) })` works. Requests are counted against the plan.
 */
export interface TaskChain {
  /** The chain id (e.g. 1, 8453, 31337). */
  readonly id: number;
  /** A JSON-RPC call to the chain; rejects with the node's JSON-RPC error. */
  request<T = unknown>(args: ChainRequest): Promise<T>;
}

/** The subset of WHATWG `fetch` the sandbox offers: public HTTP(S) only, counted and size-limited. */
export type TaskFetchInit = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
};

export interface TaskFetchResponse {
  readonly ok: boolean;
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly headers: { get(name: string): string | null };
  text(): Promise<string>;
  json<T = unknown>(): Promise<T>;
}

export type TaskFetch = (url: string | URL, init?: TaskFetchInit) => Promise<TaskFetchResponse>;

/** Ordered execution logs, shown with the execution (not in webhook responses). */
export interface TaskLog {
  debug(...values: unknown[]): void;
  info(...values: unknown[]): void;
  warn(...values: unknown[]): void;
  error(...values: unknown[]): void;
}

export type ExecutionTrigger = 'schedule' | 'webhook' | 'manual' | 'simulate' | 'event' | 'block';

/** The log an event trigger ran for. */
export interface TriggerLog {
  readonly address: Address;
  readonly topics: readonly Hex[];
  readonly data: Hex;
  readonly blockNumber: number;
  readonly blockHash: Hex;
  readonly transactionHash: Hex;
  readonly transactionIndex: number;
  readonly logIndex: number;
  /**
   * Decoded with the trigger's event signature: the event's name and its args (named args as an object, unnamed
   * ones as an array; integers as decimal strings). Absent when the trigger gives only topics, or the log does
   * not decode with the signature.
   */
  readonly event?: { readonly name: string; readonly args: Json };
}

/** What started an event or block trigger's run; null for schedules, webhooks and manual runs. */
export type TaskTrigger =
  | { readonly type: 'event'; readonly log: TriggerLog }
  | {
      readonly type: 'block';
      readonly block: { readonly number: number; readonly hash: Hex; readonly timestamp: number };
    };

export interface TaskExecution {
  /** The execution id (`exn_…`). */
  readonly id: string;
  /** The executable this run belongs to (`exe_…`). */
  readonly executableId: string;
  /** The profile's sending address: `msg.sender` of the calls the platform submits (a Safe for Safe and roles profiles). */
  readonly sender: Address;
  /** What started the run; `simulate` runs are dry runs. */
  readonly trigger: ExecutionTrigger;
  /** ISO 8601 time the run was due (schedule) or requested (webhook, manual, simulate). */
  readonly scheduledAt: string;
  /** True when nothing will be submitted (simulation): the run stops after the simulation of its calls. */
  readonly dryRun: boolean;
}

/**
 * Everything a task can reach while it runs. Globals besides: `console` (to the logs), `fetch` (as
 * `ctx.fetch`) and timers: `setTimeout`, `setInterval`, `clearTimeout` and `clearInterval`, so viem's
 * `custom(ctx.chain)` transport can wait between retries. Timers never outlive the run: waiting ones are
 * dropped once `run` settles, none fires past the wall-time limit, and at most 1000 wait at once. A timer
 * callback that throws fails the run. There is no fs and no process.
 */
export interface TaskContext<Args = JsonObject> {
  /** The executable's saved args, or a webhook call's custom args (which replace them entirely). */
  readonly args: Args;
  readonly storage: TaskStorage;
  readonly secrets: TaskSecrets;
  readonly chain: TaskChain;
  readonly fetch: TaskFetch;
  readonly log: TaskLog;
  readonly execution: TaskExecution;
  /** The log (event trigger) or block (block trigger) this run is for; null when something else started it. */
  readonly trigger?: TaskTrigger | null;
}

/** One call the platform submits from the profile's account. */
export type TaskCall = {
  to: Address;
  data: Hex;
  /** Native value in wei: a bigint, a decimal string or a 0x hex quantity. Default 0. */
  value?: bigint | string;
};

/** `canExec: false` skips the run (nothing is sent; the next trigger tries again). */
export type TaskResult =
  | { canExec: false; message?: string }
  | { canExec: true; calls: TaskCall[]; message?: string };

export type TaskRun<Args> = (ctx: TaskContext<Args>) => TaskResult | Promise<TaskResult>;

/** What `onSuccess` gets once the execution is `confirmed`: the mined transaction. */
export type SuccessEvent = { transactionHash: Hex };

/** `onFail` after the batch failed its simulation (nothing was sent): the calls the run returned. */
export type SimulationFailedEvent = {
  reason: 'SimulationFailed';
  calls: { to: Address; data: Hex; value: string }[];
};
/** `onFail` after the transaction was mined and reverted. */
export type ExecutionRevertedEvent = { reason: 'ExecutionReverted'; transactionHash: Hex };
/** `onFail` when the profile's account could not pay for the batch (gas or value). */
export type InsufficientFundsEvent = { reason: 'InsufficientFunds' };
/** Why the execution failed; a task that throws or returns an invalid result gets no callback. */
export type FailEvent = SimulationFailedEvent | ExecutionRevertedEvent | InsufficientFundsEvent;

/**
 * A callback runs in the sandbox after the execution's outcome is known, with the same context as `run` (its
 * storage writes are committed, its logs join the execution's). Whatever it returns is ignored: it cannot
 * submit calls. A callback that throws leaves the execution's outcome as it was; the failure is shown on it.
 */
export type TaskCallback<Args, Event> = (ctx: TaskContext<Args>, event: Event) => unknown;

export type TaskDefinition<Args> = {
  /** JSON Schema of the args, kept on the task for tooling; the server checks the schema given at upload. */
  schema?: JsonObject;
  run: TaskRun<Args>;
  /** Runs after the execution is `confirmed`, with its transaction hash. */
  onSuccess?: TaskCallback<Args, SuccessEvent>;
  /** Runs after the execution `failed` in simulation, on chain (reverted) or for lack of funds. */
  onFail?: TaskCallback<Args, FailEvent>;
};

/** The callbacks a task may define (what `definedCallbacks` lists at upload). */
export const CALLBACK_NAMES = ['onSuccess', 'onFail'] as const;
export type CallbackName = (typeof CALLBACK_NAMES)[number];

/** What `defineTask` returns and what index.js must export as default. */
export type Task<Args = JsonObject> = TaskDefinition<Args> & { readonly __tickworkTask: 1 };

/**
 * Declares a task. The result must be the bundle's default export:
 * `export default defineTask<{ counter: Address }>({ run: async (ctx) => … })`.
 */
export function defineTask<Args = JsonObject>(definition: TaskDefinition<Args>): Task<Args> {
  if (typeof definition?.run !== 'function') throw new TypeError('defineTask: run must be a function');
  for (const name of CALLBACK_NAMES)
    if (definition[name] !== undefined && typeof definition[name] !== 'function')
      throw new TypeError(`defineTask: ${name} must be a function when present`);
  return Object.freeze({ ...definition, __tickworkTask: 1 as const });
}

/** True for a value made by `defineTask` (the check the platform applies to a bundle's default export). */
export function isTask(value: unknown): value is Task<unknown> {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { __tickworkTask?: unknown }).__tickworkTask === 1 &&
    typeof (value as { run?: unknown }).run === 'function'
  );
}
