import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { TaskLimits } from '@/lib/runtime/task-runner';
import type { TaskHost, TaskOutcome } from '@/lib/runtime/task-types';
import { runTask } from '../support/runner-under-test';
import { taskInput } from '../support/tasks';

// Probes an attacker's task would try against the isolate runner. Each held before this suite was written; the
// suite keeps them held. A probe answers through the skip message, so the test reads exactly what the task saw.

const SECRET = 'sk-live-escape-probe-0123456789';

const host: TaskHost = {
  chainRequest: async () => '0x7a69',
  fetch: async () => Promise.reject(new Error('no network in this suite')),
};

function run(body: string, limits: Partial<TaskLimits> = {}): Promise<TaskOutcome> {
  const source = `export default { __tickworkTask: 1, async run(ctx) {\n${body}\n} };`;
  return runTask(taskInput(source, { secrets: { API_KEY: SECRET } }), host, limits);
}

async function seen(body: string): Promise<string> {
  const outcome = await run(body);
  if (outcome.kind !== 'skip') throw new Error(`the probe did not answer: ${JSON.stringify(outcome)}`);
  return outcome.message ?? '';
}

describe('no way out of the isolate', () => {
  it('finds no process, require, module, Buffer or host globals, by any path', async () => {
    const message = await seen(`
      const probes = {
        process: typeof process,
        require: typeof require,
        module: typeof module,
        Buffer: typeof Buffer,
        viaConstructor: (function () {}).constructor('return typeof process')(),
        viaGlobalThisConstructor: typeof globalThis.constructor.constructor('return this')().process,
        viaAsyncFunction: await (async () => {}).constructor('return typeof require')(),
        viaContext: typeof ctx.constructor.constructor('return this')().process,
      };
      return { canExec: false, message: JSON.stringify(probes) };`);
    expect(JSON.parse(message)).toEqual({
      process: 'undefined',
      require: 'undefined',
      module: 'undefined',
      Buffer: 'undefined',
      viaConstructor: 'undefined',
      viaGlobalThisConstructor: 'undefined',
      viaAsyncFunction: 'undefined',
      viaContext: 'undefined',
    });
  });

  it('cannot import host modules, statically or dynamically', async () => {
    const message = await seen(`
      const results = [];
      for (const name of ['node:fs', 'fs', 'child_process', 'file:///etc/passwd', 'isolated-vm']) {
        try { await import(name); results.push(name + ':loaded'); } catch { results.push(name + ':refused'); }
      }
      return { canExec: false, message: results.join(',') };`);
    expect(message.split(',').every((entry) => entry.endsWith(':refused'))).toBe(true);
  });

  it('cannot load a native addon (require, process.dlopen, import of a .node file): a clear error, nothing read', async () => {
    // The host's own addon (isolated-vm's) and where the gVisor sandbox's root holds it.
    const hostAddon = createRequire(import.meta.url).resolve('isolated-vm/out/isolated_vm.node');
    const sandboxAddon = '/runner/node_modules/isolated-vm/out/isolated_vm.node';
    const message = await seen(`
      const attempts = {
        require: () => require(${JSON.stringify(hostAddon)}),
        dlopen: () => process.dlopen({ exports: {} }, ${JSON.stringify(hostAddon)}),
        viaFunction: () => Function('return process')().dlopen({ exports: {} }, ${JSON.stringify(sandboxAddon)}),
        importHost: () => import(${JSON.stringify(hostAddon)}),
        importFileUrl: () => import(${JSON.stringify(`file://${hostAddon}`)}),
        importSandbox: () => import(${JSON.stringify(sandboxAddon)}),
      };
      const results = {};
      for (const [name, attempt] of Object.entries(attempts)) {
        try { const loaded = await attempt(); results[name] = 'loaded ' + typeof loaded; }
        catch (error) { results[name] = String(error && error.message); }
      }
      return { canExec: false, message: JSON.stringify(results) };`);
    const results = JSON.parse(message) as Record<string, string>;
    expect(results.require).toMatch(/require is not defined/);
    expect(results.dlopen).toMatch(/process is not defined/);
    expect(results.viaFunction).toMatch(/process is not defined|Cannot read properties of undefined/);
    // V8's own refusal: the isolate has no module loader for dynamic imports (static ones fail the load).
    for (const name of ['importHost', 'importFileUrl', 'importSandbox'])
      expect(results[name], name).toBe('Not supported');
    expect(message).not.toMatch(/loaded/);
    // Nothing of the file made it into the task: no ELF header, no symbol of the addon.
    expect(message).not.toMatch(/ELF|napi_|node_register/);
  });

  it('sees no bridge reference on the global object or the context', async () => {
    const message = await seen(`
      const names = [...Object.getOwnPropertyNames(globalThis), ...Object.getOwnPropertyNames(ctx), ...Object.getOwnPropertyNames(ctx.chain)];
      const suspicious = names.filter((name) => /ivm|Ref$|bootstrap|host|^_/.test(name) && name !== 'WeakRef');
      const values = [...Object.values(ctx), ...Object.values(ctx.chain)];
      const references = values.filter((v) => v && typeof v === 'object' && typeof v.deref === 'function');
      return { canExec: false, message: suspicious.join(',') + '|' + references.length };`);
    expect(message).toBe('|0');
  });

  it('gets no host file names from stack traces', async () => {
    const message = await seen(`
      Error.prepareStackTrace = (_error, frames) => frames.map((f) => String(f.getFileName())).join(';');
      let stack = '';
      try { await ctx.chain.request({ method: 'eth_sendTransaction', params: [] }); } catch (error) { stack = String(error.stack); }
      const local = new Error('x').stack;
      return { canExec: false, message: stack + '|' + local };`);
    expect(message).not.toMatch(/\/work\/|node_modules|\.ts\b|node:internal/);
  });

  it('cannot take host references by polluting prototypes before using a bridge', async () => {
    const message = await seen(`
      Object.prototype.reference = true;
      Object.prototype.copy = false;
      Object.prototype.externalCopy = true;
      const block = await ctx.chain.request({ method: 'eth_chainId' });
      return { canExec: false, message: typeof block + ':' + block };`);
    expect(message).toBe('string:0x7a69');
  });
});

describe('limits hold', () => {
  it('ends a memory bomb as task_memory_limit', async () => {
    const outcome = await run(
      'const hoard = []; while (true) hoard.push(new Array(1e6).fill(Math.random()));',
    );
    expect(outcome).toMatchObject({ kind: 'error', error: { code: 'task_memory_limit' } });
  });

  it('ends a busy loop, a never-settling promise and a WebAssembly loop at the wall limit', async () => {
    // (module (func (export "spin") (loop (br 0))))
    const wasm =
      '0,97,115,109,1,0,0,0,1,4,1,96,0,0,3,2,1,0,7,8,1,4,115,112,105,110,0,0,10,9,1,7,0,3,64,12,0,11,11';
    for (const body of [
      'while (true) {}',
      'await new Promise(() => {});',
      `const { instance } = await WebAssembly.instantiate(new Uint8Array([${wasm}])); instance.exports.spin();`,
    ]) {
      const outcome = await run(body, { timeoutMs: 500 });
      expect(outcome, body).toMatchObject({ kind: 'error', error: { code: 'task_timeout' } });
      // The run's own duration, not the wall clock around it: on the gVisor runner that also holds the wait for a
      // fresh sandbox (each timed-out run recycles its own), which a loaded machine can make take seconds.
      expect(outcome.durationMs, body).toBeLessThan(5_000);
    }
  });

  it('refuses timers past the cap instead of queueing without bound', async () => {
    const message = await seen(`
      let refused = 0;
      for (let i = 0; i < 5000; i++) { try { setTimeout(() => {}, 60_000); } catch { refused++; } }
      return { canExec: false, message: String(refused) };`);
    expect(Number(message)).toBeGreaterThanOrEqual(4000);
  });

  it('caps log lines and their size, and never logs a secret', async () => {
    const outcome = await run(`
      // four times the line cap, each line past the size cap: enough to hit both, little enough that a loaded
      // machine finishes it well inside the task's wall limit under gVisor too
      for (let i = 0; i < 2000; i++) console.log('line ' + i + ' ' + ctx.secrets.get('API_KEY') + 'x'.repeat(10000));
      return { canExec: false };`);
    expect(outcome.kind).toBe('skip');
    const logs = (outcome as { logs: { message: string }[] }).logs;
    expect(logs.length).toBeLessThanOrEqual(501);
    const total = logs.reduce((sum, line) => sum + line.message.length, 0);
    expect(total).toBeLessThan(501 * 4 * 1024 + 1);
    expect(JSON.stringify(logs)).not.toContain(SECRET);
  });
});

describe('results are data, checked on the host', () => {
  it.each([
    ['a getter that throws', 'return { get canExec() { throw new Error("gotcha"); } };'],
    ['a Proxy', 'return new Proxy({}, { get() { throw new Error("trap"); } });'],
    [
      'a toJSON that lies',
      'return { canExec: true, calls: [{ to: "0x1", data: "0x" }], toJSON() { return { canExec: true, calls: "all" }; } };',
    ],
    ['a circular object', 'const r = { canExec: false }; r.self = r; return r;'],
    [
      'calls past the limit',
      'return { canExec: true, calls: Array.from({ length: 10000 }, () => ({ to: "0x000000000000000000000000000000000000dEaD", data: "0x" })) };',
    ],
    ['a secret in the message', 'throw new Error("leak " + ctx.secrets.get("API_KEY"));'],
  ])('%s → an error outcome, no crash, no secret', async (_label, body) => {
    const outcome = await run(body);
    expect(outcome.kind).toBe('error');
    // The task's own failure, answered by the runner: not a runner that crashed or refused the outcome.
    if (outcome.kind === 'error') expect(outcome.error.code).not.toMatch(/^runner_/);
    expect(JSON.stringify(outcome)).not.toContain(SECRET);
  });
});
