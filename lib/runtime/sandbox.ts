import ivm from 'isolated-vm';

/** A build failure caused by the bundle itself; its message is fit for `stateReason` (no host details). */
export class SandboxBuildError extends Error {
  override name = 'SandboxBuildError';
}

/** What a runner builds a sandbox from: the release checksum and the bundle's `index.js` (an ES module). */
export type SandboxBundle = { checksum: string; source: string };

/**
 * The sandbox port: `build` prepares a sandbox for a release and answers an opaque reference, or throws a
 * SandboxBuildError. Daytona and gVisor runners slot in behind the same interface.
 */
export type SandboxRunner = { build(bundle: SandboxBundle): Promise<{ ref: string }> };

export type SandboxRuntime = 'daytona' | 'gvisor';

const MEMORY_LIMIT_MB = 64;
const EVALUATE_TIMEOUT_MS = 5_000;
const MAX_REASON = 300;

/** Minimal UTF-8 TextEncoder/TextDecoder for the isolate (viem-using bundles touch them at module load). */
export const POLYFILLS = `
if (typeof globalThis.TextEncoder === 'undefined') {
  globalThis.TextEncoder = class TextEncoder {
    get encoding() { return 'utf-8'; }
    encode(input = '') {
      const s = String(input); const out = [];
      for (let i = 0; i < s.length; i++) {
        let c = s.codePointAt(i);
        if (c > 0xffff) i++;
        if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
        if (c < 0x80) out.push(c);
        else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
        else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
        else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
      }
      return new Uint8Array(out);
    }
  };
}
if (typeof globalThis.TextDecoder === 'undefined') {
  globalThis.TextDecoder = class TextDecoder {
    get encoding() { return 'utf-8'; }
    decode(input) {
      if (input === undefined) return '';
      const b = input instanceof Uint8Array ? input : new Uint8Array(input.buffer ?? input);
      let s = '';
      for (let i = 0; i < b.length; ) {
        const c = b[i++];
        let cp;
        if (c < 0x80) cp = c;
        else if (c >= 0xf0) cp = ((c & 7) << 18) | ((b[i++] & 63) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else if (c >= 0xe0) cp = ((c & 15) << 12) | ((b[i++] & 63) << 6) | (b[i++] & 63);
        else cp = ((c & 31) << 6) | (b[i++] & 63);
        s += String.fromCodePoint(cp);
      }
      return s;
    }
  };
}
`;

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
 * The runner of a sandbox runtime. Until the Daytona and gVisor runners exist, both build in the local isolate
 * runner (gVisor only where configured: creation refuses it otherwise).
 */
export function sandboxRunner(_runtime: SandboxRuntime): SandboxRunner {
  return isolateRunner;
}
