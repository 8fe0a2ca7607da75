// The contract between the execution engine and a task runner: what goes into one run and what comes out.
// Runners (the local isolate today, Daytona or gVisor later) take a TaskInput plus the host bridges and
// answer a TaskOutcome; they never touch the database or the chain themselves.
import type { ExecutionTrigger } from '@/db/enums';

export type JsonObject = { [key: string]: unknown };

/** The log an event trigger ran for (numbers as JSON numbers; decoded args' bigints as decimal strings). */
export type TriggerLog = {
  address: string;
  topics: string[];
  data: string;
  blockNumber: number;
  blockHash: string;
  transactionHash: string;
  transactionIndex: number;
  logIndex: number;
  /** Decoded with the trigger's event signature (absent when it has none, or the log does not decode). */
  event?: { name: string; args: unknown };
};

/** What started an event or block run: `ctx.trigger` (sdk/index.ts TaskTrigger). */
export type TaskTrigger =
  | { type: 'event'; log: TriggerLog }
  | { type: 'block'; block: { number: number; hash: string; timestamp: number } };

/**
 * A chain method the runner answers itself, uncounted: the chain requests this run may still make (what
 * Gelato's `multiChainProvider.nbRpcCallsRemaining()` reads; sdk/compat/gelato imports it from here).
 */
export const REQUESTS_REMAINING_METHOD = 'tickwork_rpcRequestsRemaining';

/** The callbacks a task may define (a release's `definedCallbacks` lists those it has). */
export const CALLBACK_NAMES = ['onSuccess', 'onFail'] as const;
export type CallbackName = (typeof CALLBACK_NAMES)[number];

/** The event a callback gets (sdk/index.ts SuccessEvent and FailEvent). */
export type CallbackEvent =
  | { transactionHash: string }
  | { reason: 'SimulationFailed'; calls: PlannedCall[] }
  | { reason: 'ExecutionReverted'; transactionHash: string }
  | { reason: 'InsufficientFunds' };

/** Set to run one of the task's callbacks (`task[name](ctx, event)`) instead of `run`. */
export type CallbackInput = { name: CallbackName; event: CallbackEvent };

export type TaskInput = {
  /** The bundle's `index.js` (one self-contained ES module whose default export is a task). */
  source: string;
  /** The saved args, or a webhook call's custom args (already parsed and schema-checked). */
  args: JsonObject;
  /** The executable's storage object as it is before the run. */
  storage: JsonObject;
  /** The bound secrets: envKey → plaintext value. Redacted from every log line and error message. */
  secrets: Record<string, string>;
  chainId: number;
  execution: {
    id: string;
    /** The executable the run belongs to (Gelato's `taskId`, Defender's `actionId` in the compatibility layers). */
    executableId: string;
    /** The profile's sending address (checksummed): what `msg.sender` is for the submitted calls. */
    sender: string;
    trigger: ExecutionTrigger;
    scheduledAt: string;
    dryRun: boolean;
  };
  /** Runs this callback instead of `run` (same context and limits); the outcome is then `kind: 'callback'`. */
  callback?: CallbackInput;
  /** The log or block of an event or block trigger's run (`ctx.trigger`); absent for other runs. */
  trigger?: TaskTrigger;
};

/** A host fetch answer, copied into the sandbox (body already read and size-limited). */
export type HostFetchResponse = {
  status: number;
  statusText: string;
  url: string;
  headers: [string, string][];
  body: string;
};

export type HostFetchInit = { method?: string; headers?: Record<string, string>; body?: string };

/** A JSON-RPC error as the task sees it (EIP-1193 style). */
export class ChainRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
    this.name = 'ChainRequestError';
  }
}

/** What the sandbox can reach outside itself. Each bridge enforces its own limits and counts its requests. */
export type TaskHost = {
  /** One JSON-RPC call to the profile's chain; rejects with ChainRequestError. */
  chainRequest(method: string, params: unknown): Promise<unknown>;
  /** Public HTTP(S) only; rejects with an Error whose message is fit for the task's logs. */
  fetch(url: string, init: HostFetchInit): Promise<HostFetchResponse>;
};

export type TaskLogLevel = 'debug' | 'info' | 'warn' | 'error';
export type TaskLogLine = { level: TaskLogLevel; message: string; at: string };

/** A call the task asks to submit, normalised: checksummed address, 0x data, decimal wei value. */
export type PlannedCall = { to: `0x${string}`; data: `0x${string}`; value: string };

/** A failure of the run itself, fit for the execution record (no host paths, no secrets). */
export type TaskError = { code: string; message: string };

type OutcomeCommon = {
  logs: TaskLogLine[];
  /** The storage object after the run (equal to the input when the task changed nothing). */
  storage: JsonObject;
  storageChanged: boolean;
  rpcRequests: number;
  fetchRequests: number;
  /** Wall time of the run inside the sandbox, module load included. */
  durationMs: number;
};

export type TaskOutcome = OutcomeCommon &
  (
    | { kind: 'skip'; message: string | null }
    | { kind: 'exec'; message: string | null; calls: PlannedCall[] }
    | { kind: 'error'; error: TaskError }
    /** A callback that returned (its return value is ignored). */
    | { kind: 'callback' }
  );

/** The outcome of a run of `run` (no callback input). */
export type RunOutcome = Exclude<TaskOutcome, { kind: 'callback' }>;
