import { unzipSync } from 'fflate';
import ivm from 'isolated-vm';
import { POLYFILLS } from './polyfills';
import { SandboxBuildError } from './runners/types';
import { CALLBACK_NAMES, type CallbackName } from './task-types';

const MEMORY_LIMIT_MB = 64;
const EVALUATE_TIMEOUT_MS = 5_000;

export type TaskDescription = {
  /** The callbacks the default export defines as functions (what the upload's `definedCallbacks` lists). */
  callbacks: CallbackName[];
};

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Loads a bundle's `index.js` in a throwaway isolate (as the sandbox build does: no imports, nothing run but the
 * module's own top level) and answers what its default export offers besides `run`. Throws a SandboxBuildError
 * when the module does not load or its default export is not a task.
 */
export async function describeTask(source: string): Promise<TaskDescription> {
  const isolate = new ivm.Isolate({ memoryLimit: MEMORY_LIMIT_MB });
  let context: ivm.Context | undefined;
  let module: ivm.Module | undefined;
  try {
    context = await isolate.createContext();
    await context.eval(POLYFILLS, { timeout: EVALUATE_TIMEOUT_MS });
    try {
      module = await isolate.compileModule(source, { filename: 'file:///index.js' });
      await module.instantiate(context, (specifier) => {
        throw new Error(`imports are not available in the sandbox ("${specifier}"); bundle them`);
      });
      await module.evaluate({ timeout: EVALUATE_TIMEOUT_MS });
    } catch (error) {
      throw new SandboxBuildError(`index.js does not load: ${messageOf(error)}`.slice(0, 300));
    }
    await context.global.set('__tickworkModule', (module as ivm.Module).namespace.derefInto());
    const answer = await context.eval(
      `(() => { const d = globalThis.__tickworkModule.default;
        if (typeof d !== 'object' || d === null || d.__tickworkTask !== 1 || typeof d.run !== 'function') return null;
        return JSON.stringify(${JSON.stringify(CALLBACK_NAMES)}.filter((name) => typeof d[name] === 'function')); })()`,
      { timeout: EVALUATE_TIMEOUT_MS },
    );
    if (typeof answer !== 'string')
      throw new SandboxBuildError(
        'index.js must export a task as its default export (`export default defineTask(…)`)',
      );
    return { callbacks: JSON.parse(answer) as CallbackName[] };
  } catch (error) {
    if (error instanceof SandboxBuildError) throw error;
    throw new SandboxBuildError(`index.js could not be described: ${messageOf(error)}`.slice(0, 300));
  } finally {
    // Handles first, then the isolate: a CLI process exits right after (see cli/index.ts).
    module?.release();
    context?.release();
    if (!isolate.isDisposed) isolate.dispose();
  }
}

/**
 * The callbacks a release ZIP's index.js defines (`describeTask`); [] when there is no index.js or it does not
 * load (the upload's own checks and the sandbox build report those). What `tickwork upload` and the console's
 * upload send as definedCallbacks when none are given.
 */
export async function callbacksOfZip(bytes: Uint8Array): Promise<CallbackName[]> {
  let source: Uint8Array | undefined;
  try {
    source = unzipSync(bytes, { filter: (file) => file.name === 'index.js' })['index.js'];
  } catch {
    return [];
  }
  if (!source) return [];
  return describeTask(new TextDecoder().decode(source)).then(
    (d) => d.callbacks,
    () => [],
  );
}
