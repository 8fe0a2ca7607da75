import ivm from 'isolated-vm';
import { POLYFILLS } from '../polyfills';
import { SandboxBuildError } from './types';

const MEMORY_LIMIT_MB = 64;
const EVALUATE_TIMEOUT_MS = 5_000;
const MAX_REASON = 300;

const reason = (prefix: string, error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  return `${prefix}: ${message}`.slice(0, MAX_REASON);
};

/**
 * Checks that a bundle is a task: compiles `index.js` as an ES module in a fresh isolated-vm isolate (64 MB,
 * no imports), evaluates it under a timeout and checks that the default export is a task (`__tickworkTask === 1`
 * with a `run` function). Throws a SandboxBuildError saying what is wrong. Each runner calls it where its tasks
 * run (the gVisor runner inside its sandbox), since evaluating the module runs the task's top-level code.
 */
export async function checkTaskBundle(source: string): Promise<void> {
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
  } catch (error) {
    if (error instanceof SandboxBuildError) throw error;
    if (isolate.isDisposed) throw new SandboxBuildError('the bundle exceeded the sandbox memory limit');
    throw new SandboxBuildError(reason('the sandbox could not be built', error));
  } finally {
    if (!isolate.isDisposed) isolate.dispose();
  }
}
