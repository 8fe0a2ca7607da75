export type TaskLimits = {
  memoryMb: number;
  /** Wall time of the whole run, module load included. */
  timeoutMs: number;
  maxLogLines: number;
  maxLogMessageBytes: number;
  /** Size of the storage object after the run, serialized as compact JSON (UTF-8). */
  maxStorageBytes: number;
  maxCalls: number;
  /**
   * Bytes of `data` a run's calls carry together. They are sent in one transaction, and nodes refuse a transaction
   * over 128 KiB (geth's transaction pool, and the chains built on it); the rest is room for the batch's wrapping.
   */
  maxCallDataBytes: number;
  maxRpcRequests: number;
  maxFetchRequests: number;
  /** Timers (setTimeout and setInterval) waiting at the same time. */
  maxPendingTimers: number;
};

function defaultTimeoutMs(): number {
  const fromEnv = Number(process.env.TICKWORK_TASK_TIMEOUT_MS);
  return Number.isInteger(fromEnv) && fromEnv > 0 ? fromEnv : 30_000;
}

export const DEFAULT_TASK_LIMITS: Readonly<TaskLimits> = Object.freeze({
  memoryMb: 128,
  timeoutMs: defaultTimeoutMs(),
  maxLogLines: 500,
  maxLogMessageBytes: 4 * 1024,
  maxStorageBytes: 100 * 1024 * 1024,
  maxCalls: 50,
  maxCallDataBytes: 96 * 1024,
  maxRpcRequests: 200,
  maxFetchRequests: 20,
  maxPendingTimers: 1000,
});
