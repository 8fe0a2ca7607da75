import ivm from 'isolated-vm';
import { POLYFILLS } from '../polyfills';
import { hostBridges } from '../task-runner/bridges';
import { GUEST_BOOTSTRAP, type GuestInput } from '../task-runner/guest';
import { DEFAULT_TASK_LIMITS } from '../task-runner/limits';
import { hostTimers } from '../task-runner/timers';
import { ChainRequestError, type TaskHost } from '../task-types';
import { SandboxBuildError } from './types';

const MEMORY_LIMIT_MB = 64;
const EVALUATE_TIMEOUT_MS = 5_000;
const MAX_REASON = 300;

const NOT_DURING_CHECK = 'not available while the release is checked (only while it runs)';

/**
 * The check's host: `fetch` and `ctx.chain` exist as in a run (a module may keep or wrap them when it loads, as
 * octokit and ky do), but a request made while the module loads is refused: the check reaches no network.
 */
const checkHost: TaskHost = {
  chainRequest: async () =>
    Promise.reject(new ChainRequestError(-32603, `chain requests are ${NOT_DURING_CHECK}`)),
  fetch: async () => Promise.reject(new Error(`fetch: requests are ${NOT_DURING_CHECK}`)),
};

/** The run input the bootstrap builds its context from: nothing of any executable. */
const CHECK_INPUT: GuestInput = {
  args: {},
  storage: [],
  secrets: {},
  chainId: 0,
  execution: {
    id: 'exn_build_check',
    executableId: 'exe_build_check',
    sender: '0x0000000000000000000000000000000000000000',
    trigger: 'manual',
    scheduledAt: new Date(0).toISOString(),
    dryRun: true,
  },
  maxPendingTimers: DEFAULT_TASK_LIMITS.maxPendingTimers,
  callback: null,
  trigger: null,
};

const reason = (prefix: string, error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  return `${prefix}: ${message}`.slice(0, MAX_REASON);
};

/**
 * Checks that a bundle is a task: compiles `index.js` as an ES module in a fresh isolated-vm isolate (64 MB,
 * no imports), evaluates it under a timeout and checks that the default export is a task (`__tickworkTask === 1`
 * with a `run` function). Throws a SandboxBuildError saying what is wrong. Each runner calls it where its tasks
 * run (the gVisor runner inside its sandbox), since evaluating the module runs the task's top-level code.
 * The module loads with the globals of a run (the run's bootstrap: console, fetch, timers), so a bundle that
 * loads in a run loads here; only requests made while it loads are refused (see checkHost), and its logs and
 * timers end with the check.
 */
export async function checkTaskBundle(source: string): Promise<void> {
  const isolate = new ivm.Isolate({ memoryLimit: MEMORY_LIMIT_MB });
  const started = performance.now();
  const timers = hostTimers(
    () => Math.max(1, Math.ceil(EVALUATE_TIMEOUT_MS - (performance.now() - started))),
    DEFAULT_TASK_LIMITS.maxPendingTimers,
  );
  try {
    const context = await isolate.createContext();
    await context.eval(POLYFILLS, { timeout: EVALUATE_TIMEOUT_MS });
    const counters = { rpcRequests: 0, fetchRequests: 0 };
    const bridges = hostBridges(checkHost, DEFAULT_TASK_LIMITS, counters, () => {});
    await context.evalClosure(
      `(${GUEST_BOOTSTRAP})($0, $1, $2, $3, $4, $5);`,
      [
        bridges.log,
        bridges.chain,
        bridges.fetch,
        timers.sleep,
        timers.cancel,
        new ivm.ExternalCopy(CHECK_INPUT).copyInto({ release: true }),
      ],
      { timeout: EVALUATE_TIMEOUT_MS },
    );
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
  } catch (error) {
    if (error instanceof SandboxBuildError) throw error;
    if (isolate.isDisposed) throw new SandboxBuildError('the bundle exceeded the sandbox memory limit');
    throw new SandboxBuildError(reason('the sandbox could not be built', error));
  } finally {
    if (!isolate.isDisposed) isolate.dispose();
    timers.stopAll();
  }
}
