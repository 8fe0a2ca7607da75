import { DEFAULT_TASK_LIMITS, type TaskLimits } from '../task-runner/limits';
import type { TaskHost, TaskInput, TaskOutcome } from '../task-types';

// The sandbox port: what the engine asks of a runner (isolate, gvisor, daytona) and what it gets back.

/** A build failure caused by the bundle itself; its message is fit for `stateReason` (no host details). */
export class SandboxBuildError extends Error {
  override name = 'SandboxBuildError';
}

/**
 * What a runner builds a sandbox from: the release checksum and the bundle's `index.js` (an ES module), for one
 * executable (Daytona keeps one sandbox per executable).
 */
export type SandboxBundle = { checksum: string; source: string; executableId: string };

/** `isolate`: isolated-vm in the app's process; `gvisor`: isolated-vm in a gVisor sandbox; `daytona`: a Daytona sandbox. */
export const RUNNER_NAMES = ['isolate', 'gvisor', 'daytona'] as const;
export type RunnerName = (typeof RUNNER_NAMES)[number];

/** Run limits a release asks for (function_releases.limits). */
export type ReleaseLimits = { timeoutMs?: number; memoryMb?: number };

export type RunOptions = {
  /** Lowers the run's defaults (a release's memory and timeout), never raises them. */
  limits?: ReleaseLimits | null;
  /** The executable's built sandbox (`executables.sandbox_ref`), for runners that keep one per executable. */
  sandboxRef?: string | null;
};

/**
 * A sandbox runner. `build` prepares a sandbox for a release and answers an opaque reference, or throws a
 * SandboxBuildError; `run` runs one task in it and never throws for anything the task does; `version` says what
 * the runner is made of (recorded on each execution); `discard` frees what `build` made, once nothing uses it.
 */
export type SandboxRunner = {
  name: RunnerName;
  version(): Promise<string>;
  build(bundle: SandboxBundle): Promise<{ ref: string }>;
  run(input: TaskInput, host: TaskHost, options?: RunOptions): Promise<TaskOutcome>;
  discard?(ref: string): Promise<void>;
};

/** A release's limits as runner overrides, each kept within the platform default (never above it). */
export function releaseLimitOverrides(limits: ReleaseLimits | null | undefined): Partial<TaskLimits> {
  const out: Partial<TaskLimits> = {};
  const max = DEFAULT_TASK_LIMITS;
  if (limits?.timeoutMs !== undefined && limits.timeoutMs > 0)
    out.timeoutMs = Math.min(Math.round(limits.timeoutMs), max.timeoutMs);
  if (limits?.memoryMb !== undefined && limits.memoryMb > 0)
    out.memoryMb = Math.min(Math.round(limits.memoryMb), max.memoryMb);
  return out;
}

/** An outcome for a run that never reached the task (the runner is missing or broke): nothing changed. */
export function runnerFailure(input: TaskInput, code: string, message: string, durationMs = 0): TaskOutcome {
  return {
    kind: 'error',
    error: { code, message },
    logs: [],
    storage: input.storage,
    storageChanged: false,
    rpcRequests: 0,
    fetchRequests: 0,
    durationMs,
  };
}
