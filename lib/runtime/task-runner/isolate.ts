import ivm from 'isolated-vm';
import { POLYFILLS } from '../polyfills';
import type { TaskHost, TaskInput } from '../task-types';
import { hostBridges, type RequestCounters } from './bridges';
import { crashOf, loadFailureOf, NOT_A_TASK, TaskFailure } from './failure';
import { GUEST_BOOTSTRAP, type GuestAnswer, type GuestInput } from './guest';
import type { TaskLimits } from './limits';
import type { LogCollector } from './logs';
import type { Sanitize } from './redact';
import { type Verdict, verdictOf } from './result';
import { hostTimers } from './timers';

export type IsolateRun = {
  ending: Verdict | { kind: 'callback' } | TaskFailure;
  /** The storage as JSON when the task called set or delete, else null. */
  storageJson: string | null;
};

/** An isolate no task has touched, its context holding only the web polyfills: where every run starts. */
export type FreshIsolate = { isolate: ivm.Isolate; context: ivm.Context; memoryMb: number };

const POLYFILLS_TIMEOUT_MS = 5_000;

/**
 * Makes a fresh isolate ahead of a run (the gVisor worker keeps one ready between runs, since making it is most
 * of a run's cost inside the sandbox). A run takes it only if it has the run's memory limit.
 */
export async function freshIsolate(memoryMb: number): Promise<FreshIsolate> {
  const isolate = new ivm.Isolate({ memoryLimit: memoryMb });
  try {
    const context = await isolate.createContext();
    await context.eval(POLYFILLS, { timeout: POLYFILLS_TIMEOUT_MS });
    return { isolate, context, memoryMb };
  } catch (error) {
    if (!isolate.isDisposed) isolate.dispose();
    throw error;
  }
}

/**
 * The isolate's lifetime: a fresh isolate with the bootstrap (or the `prepared` one, when it has the run's
 * memory limit), the task module loaded and evaluated, its run awaited, and the isolate disposed, all inside
 * the wall limit. Whatever happens inside ends as a verdict or a TaskFailure; only a bug of the runner itself
 * would throw.
 */
export async function runInIsolate(
  input: TaskInput,
  host: TaskHost,
  limits: TaskLimits,
  ports: { logs: LogCollector; counters: RequestCounters; sanitize: Sanitize },
  prepared?: FreshIsolate,
): Promise<IsolateRun> {
  const started = performance.now();
  const remainingMs = () => Math.max(1, Math.ceil(limits.timeoutMs - (performance.now() - started)));
  const ready = prepared?.memoryMb === limits.memoryMb && !prepared.isolate.isDisposed ? prepared : null;
  if (prepared && !ready && !prepared.isolate.isDisposed) prepared.isolate.dispose();
  const isolate = ready?.isolate ?? new ivm.Isolate({ memoryLimit: limits.memoryMb });
  const timers = hostTimers(remainingMs, limits.maxPendingTimers);
  let timedOut = false;
  // isolated-vm's `timeout` only bounds synchronous execution: code resumed after an await (a timer callback
  // included) runs unbounded, so the wall limit is enforced by disposing the isolate.
  const watchdog = setTimeout(() => {
    timedOut = true;
    if (!isolate.isDisposed) isolate.dispose();
  }, limits.timeoutMs);

  try {
    let context = ready?.context;
    if (!context) {
      context = await isolate.createContext();
      await context.eval(POLYFILLS, { timeout: remainingMs() });
    }
    const bridges = hostBridges(host, limits, ports.counters, ports.logs.append);
    const guestInput: GuestInput = {
      args: input.args,
      storage: Object.entries(input.storage).map(([key, value]) => [key, JSON.stringify(value)]),
      secrets: input.secrets,
      chainId: input.chainId,
      execution: input.execution,
      maxPendingTimers: limits.maxPendingTimers,
      callback: input.callback ?? null,
      trigger: input.trigger ?? null,
    };
    const run = await context.evalClosure(
      `return (${GUEST_BOOTSTRAP})($0, $1, $2, $3, $4, $5);`,
      [
        bridges.log,
        bridges.chain,
        bridges.fetch,
        timers.sleep,
        timers.cancel,
        new ivm.ExternalCopy(guestInput).copyInto({ release: true }),
      ],
      { result: { reference: true }, timeout: remainingMs() },
    );

    let module: ivm.Module;
    try {
      module = await isolate.compileModule(input.source, { filename: 'file:///index.js' });
      await module.instantiate(context, (specifier) => {
        throw new Error(`imports are not available in the sandbox ("${specifier}"); bundle them`);
      });
    } catch (error) {
      throw loadFailureOf('index.js does not compile', error, isolate, timedOut, limits);
    }
    try {
      await module.evaluate({ timeout: remainingMs() });
    } catch (error) {
      throw loadFailureOf('index.js failed to evaluate', error, isolate, timedOut, limits);
    }

    const answer = (await run.apply(undefined, [module.namespace.derefInto()], {
      result: { promise: true, copy: true },
      timeout: remainingMs(),
    })) as GuestAnswer;
    if (answer.status === 'not_a_task') throw new TaskFailure('not_a_task', NOT_A_TASK);
    if (answer.status === 'callback_missing')
      throw new TaskFailure(
        'callback_missing',
        `the task's default export has no ${input.callback?.name} function`,
      );
    if (answer.status === 'callback_done')
      return { ending: { kind: 'callback' }, storageJson: answer.storage };
    if (answer.status === 'threw')
      throw new TaskFailure(
        'task_threw',
        input.callback
          ? `${input.callback.name} threw: ${answer.message}`
          : `the task threw: ${answer.message}`,
      );
    if (answer.status === 'unserializable')
      throw new TaskFailure('invalid_result', `invalid result: it cannot be serialized (${answer.message})`);
    return {
      ending: verdictOf(answer.result, limits, ports.sanitize),
      storageJson: answer.storage,
    };
  } catch (error) {
    return {
      ending: error instanceof TaskFailure ? error : crashOf(error, isolate, timedOut, limits),
      storageJson: null,
    };
  } finally {
    clearTimeout(watchdog);
    if (!isolate.isDisposed) isolate.dispose();
    // After the dispose: a timer whose sleep ends now has no isolate left to run in.
    timers.stopAll();
  }
}
