import ivm from 'isolated-vm';
import { POLYFILLS } from './polyfills';
import { DEFAULT_TASK_LIMITS, runTask, type TaskLimits } from './task-runner';
import type { TaskHost, TaskInput, TaskOutcome } from './task-types';

/** A build failure caused by the bundle itself; its message is fit for `stateReason` (no host details). */
export class SandboxBuildError extends Error {
  override name = 'SandboxBuildError';
}

/** What a runner builds a sandbox from: the release checksum and the bundle's `index.js` (an ES module). */
export type SandboxBundle = { checksum: string; source: string };

/** `isolate`: isolated-vm in the app's worker process (lib/runtime/task-runner). */
export type RunnerName = 'isolate';

/**
 * The sandbox port: `build` prepares a sandbox for a release and answers an opaque reference, or throws a
 * SandboxBuildError; `run` runs one task in it. Daytona and gVisor runners slot in behind the same interface.
 */
export type SandboxRunner = {
  name: RunnerName;
  build(bundle: SandboxBundle): Promise<{ ref: string }>;
  /** `limits` lowers the run's defaults (a release's memory and timeout), never raises them. */
  run(input: TaskInput, host: TaskHost, limits?: ReleaseLimits | null): Promise<TaskOutcome>;
};

export type SandboxRuntime = 'daytona' | 'gvisor';

/** Run limits a release asks for (function_releases.limits). */
export type ReleaseLimits = { timeoutMs?: number; memoryMb?: number };

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

const MEMORY_LIMIT_MB = 64;
const EVALUATE_TIMEOUT_MS = 5_000;
const MAX_REASON = 300;

const reason = (prefix: string, error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  return `${prefix}: ${message}`.slice(0, MAX_REASON);
};

/**
 * The local runner: compiles `index.js` as an ES module in a fresh isolated-vm isolate (64 MB, no imports),
 * evaluates it under a timeout and checks that the default export is a task (`__tickworkTask === 1` with a
 * `run` function). The reference names the checksum; the isolate is disposed (execution builds its own).
 */
export const isolateRunner: SandboxRunner = {
  name: 'isolate',
  run: (input, host, limits) => runTask(input, host, releaseLimitOverrides(limits)),
  async build({ checksum, source }) {
    const isolate = new ivm.Isolate({ memoryLimit: MEMORY_LIMIT_MB });
    try {
      const context = await isolate.createContext();
      await context.eval(POLYFILLS, { timeout: EVALUATE_TIMEOUT_MS });
      let module: ivm.Module;
      try {
        module = await isolate.compileModule(source, { filename: 'file:///index.js' });
      } catch (error) {
        throw new SandboxBuildError(reason('index.js does not compile', error));
      }
      try {
        await module.instantiate(context, (specifier) => {
          throw new Error(`imports are not available in the sandbox ("${specifier}"); bundle them`);
        });
        await module.evaluate({ timeout: EVALUATE_TIMEOUT_MS });
      } catch (error) {
        throw new SandboxBuildError(reason('index.js failed to evaluate', error));
      }
      await context.global.set('__tickworkModule', module.namespace.derefInto());
      const isTask = await context.eval(
        `(() => { const d = globalThis.__tickworkModule.default;
          return typeof d === 'object' && d !== null && d.__tickworkTask === 1 && typeof d.run === 'function'; })()`,
        { timeout: EVALUATE_TIMEOUT_MS },
      );
      if (isTask !== true)
        throw new SandboxBuildError(
          'index.js must export a task as its default export (`export default task(...)`: __tickworkTask 1 and a run function)',
        );
      return { ref: `isolate:${checksum}` };
    } catch (error) {
      if (error instanceof SandboxBuildError) throw error;
      if (isolate.isDisposed) throw new SandboxBuildError('the bundle exceeded the sandbox memory limit');
      throw new SandboxBuildError(reason('the sandbox could not be built', error));
    } finally {
      if (!isolate.isDisposed) isolate.dispose();
    }
  },
};

/** Whether the deployment has a gVisor runner (`TICKWORK_GVISOR_RUNNER`). */
export const gvisorConfigured = () => Boolean(process.env.TICKWORK_GVISOR_RUNNER);

/**
 * The runner of a sandbox runtime in this deployment. Until the Daytona and gVisor runners exist, both build and
 * run in the local isolate runner (gVisor only where configured: creation refuses it otherwise). The executable
 * record says so (`sandboxRunner`), and every execution records the runner that ran it (`runner`).
 */
export function sandboxRunner(_runtime: SandboxRuntime): SandboxRunner {
  return isolateRunner;
}
