import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGvisorRunner, type GvisorRunner } from '@/lib/runtime/runners/gvisor';
import { gvisorConfig } from '@/lib/runtime/runners/gvisor/config';
import { sandboxRoot } from '@/lib/runtime/runners/gvisor/rootfs';
import { startSandbox } from '@/lib/runtime/runners/gvisor/sandbox';
import { SandboxBuildError } from '@/lib/runtime/runners/types';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner/limits';
import type { TaskHost } from '@/lib/runtime/task-types';
import { waitUntil } from '../support/faults';
import { taskInput } from '../support/tasks';

// The gVisor runner for real (runsc --rootless --platform=ptrace, installed by `npm test`): what only a kernel
// boundary stops, a sandbox killed mid-run, and builds inside the sandbox. The escape and limit suites of the
// isolate also run on this runner (vitest project `gvisor`).

const RUNSC = process.env.TICKWORK_GVISOR_RUNNER || 'runsc --rootless --platform=ptrace';
const HOST_SECRET_NAME = 'TICKWORK_PROBE_HOST_SECRET';
const HOST_SECRET = 'host-secret-value-9f2c41d0';

let rootDir: string;
let runner: GvisorRunner;
const config = () => {
  process.env.TICKWORK_GVISOR_RUNNER = RUNSC;
  process.env.TICKWORK_GVISOR_ROOT_DIR = rootDir;
  process.env.TICKWORK_GVISOR_POOL_SIZE = '2';
  return gvisorConfig();
};

beforeAll(() => {
  rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickwork-gvisor-test-'));
  process.env[HOST_SECRET_NAME] = HOST_SECRET;
  runner = createGvisorRunner(config());
});
afterAll(() => {
  runner?.close();
  fs.rmSync(rootDir, { recursive: true, force: true });
});

const host: TaskHost = {
  chainRequest: async (method) => (method === 'eth_chainId' ? '0x7a69' : null),
  fetch: async () => Promise.reject(new Error('no network in this suite')),
};
const task = (body: string) => `export default { __tickworkTask: 1, async run(ctx) {\n${body}\n} };`;

describe('the kernel boundary', () => {
  it('code running natively inside the sandbox sees none of the host: files, environment, processes, network', async () => {
    const server = http.createServer((_req, res) => res.end('host')).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const port = (server.address() as AddressInfo).port;
    // The runner's own root with the probe next to the worker, started with the runner's own command.
    const root = await sandboxRoot(rootDir);
    const probeRoot = `${root}-probe`;
    execSync(`cp -al '${root}' '${probeRoot}'`);
    fs.copyFileSync(
      path.join(import.meta.dirname, 'gvisor', 'probe.cjs'),
      path.join(probeRoot, 'runner', 'probe.cjs'),
    );
    const hostFile = path.resolve('package.json');
    const workerBefore = fs.readFileSync(path.join(root, 'runner', 'worker.js'), 'utf8');
    try {
      const sandbox = await startSandbox(config(), probeRoot, '/runner/probe.cjs');
      const seen = await new Promise<Record<string, any>>((resolve) => {
        sandbox.onMessage((m) => m.t === 'built' && resolve(JSON.parse(m.error as string)));
        sandbox.send({
          t: 'build',
          id: 1,
          source: JSON.stringify({ hostFile, port, envName: HOST_SECRET_NAME }),
        });
      });
      sandbox.kill();
      expect(seen.hostFile).toBe('ERR ENOENT');
      expect(seen.etcPasswd).toBe('ERR ENOENT');
      expect(seen.root).toEqual(['dev', 'lib', 'lib64', 'proc', 'runner', 'sys', 'tmp', 'usr']);
      // What the runner gives: a PATH, NODE_ENV, runsc's HOME and PWD, and the runsc scratch dir (TMPDIR).
      expect(seen.env).toEqual({
        HOME: '/',
        NODE_ENV: 'production',
        PATH: '/usr/bin:/bin',
        PWD: '/',
        TMPDIR: expect.stringMatching(/tickwork-runsc-/),
      });
      expect(seen.envSeen).toBe(false);
      expect(`${seen.environs}${seen.cmdlines}`).not.toContain(HOST_SECRET);
      // Only the sandbox's own processes: nothing of the host's (vitest, postgres, anvil) is visible.
      expect(seen.cmdlines).not.toMatch(/vitest|postgres|anvil/);
      expect(seen.connect).toMatch(/^ERR |^timeout$/);
      // A write lands in the sandbox's memory overlay; the host's file is untouched.
      expect(seen.wrote).toBe('written');
      expect(fs.readFileSync(path.join(root, 'runner', 'worker.js'), 'utf8')).toBe(workerBefore);
    } finally {
      server.close();
      fs.rmSync(probeRoot, { recursive: true, force: true });
    }
  }, 60_000);
  it('a sandbox that takes more memory than its cgroup allows is killed (where the host lets the runner make cgroups)', async (ctx) => {
    const root = await sandboxRoot(rootDir);
    const probeRoot = `${root}-hog`;
    execSync(`cp -al '${root}' '${probeRoot}'`);
    fs.copyFileSync(
      path.join(import.meta.dirname, 'gvisor', 'probe.cjs'),
      path.join(probeRoot, 'runner', 'probe.cjs'),
    );
    try {
      process.env.TICKWORK_GVISOR_MEMORY_MB = '256';
      const sandbox = await startSandbox(config(), probeRoot, '/runner/probe.cjs');
      delete process.env.TICKWORK_GVISOR_MEMORY_MB;
      if (!sandbox.capped) {
        sandbox.kill();
        ctx.skip(); // no cgroup here (not root, or no writable hierarchy): the V8 heap cap is the only memory limit
      }
      let held = 0;
      sandbox.onMessage((m) => {
        if (m.t === 'built') held = Number(m.error);
      });
      sandbox.send({ t: 'build', id: 1, source: JSON.stringify({ hogMb: 2048 }) });
      const why = await sandbox.ended;
      expect(why).toMatch(/killed|exited/);
      expect(held).toBeGreaterThan(0);
      expect(held).toBeLessThan(2048);
    } finally {
      delete process.env.TICKWORK_GVISOR_MEMORY_MB;
      fs.rmSync(probeRoot, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the gVisor runner', () => {
  it('runs a task with the chain answered by the host, and says what it is made of', async () => {
    const outcome = await runner.run(
      taskInput(
        task(`const id = await ctx.chain.request({ method: 'eth_chainId' });
        ctx.storage.set('seen', id);
        return { canExec: true, message: 'chain ' + id, calls: [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x' }] };`),
      ),
      host,
    );
    expect(outcome).toMatchObject({
      kind: 'exec',
      message: 'chain 0x7a69',
      rpcRequests: 1,
      storageChanged: true,
      storage: { seen: '0x7a69' },
    });
    expect(await runner.version()).toMatch(/^runsc .+; isolated-vm \d+\.\d+\.\d+; node \d+\.\d+\.\d+$/);
  }, 60_000);

  it('builds inside the sandbox: a task builds, a bundle that is not one is refused with the reason', async () => {
    await expect(
      runner.build({ checksum: 'c1', source: task('return { canExec: false };'), executableId: 'exe_t' }),
    ).resolves.toEqual({ ref: 'gvisor:c1' });
    const refused = runner.build({ checksum: 'c2', source: 'export default 42;', executableId: 'exe_t' });
    await expect(refused).rejects.toBeInstanceOf(SandboxBuildError);
    await expect(refused).rejects.toThrow(/must export a task/);
  }, 60_000);

  it('a sandbox killed mid-run fails that run with runner_crashed, and the pool recovers', async () => {
    const running = runner.run(
      taskInput(task(`await new Promise((r) => setTimeout(r, 20000)); return { canExec: false };`)),
      host,
    );
    await waitUntil('the run is in a sandbox', async () => (runner.pool.stats().busy === 1 ? true : null));
    // What an OOM killer or an operator would do: kill the sandbox's processes from outside.
    execFileSync('pkill', ['-KILL', '-f', '--', `-root ${rootDir}/`]);
    const outcome = await running;
    expect(outcome).toMatchObject({
      kind: 'error',
      error: { code: 'runner_crashed' },
      storageChanged: false,
    });
    await waitUntil('the pool is back to two sandboxes', async () => {
      const { idle, busy } = runner.pool.stats();
      return idle + busy === 2 ? true : null;
    });
    const after = await runner.run(taskInput(task(`return { canExec: false, message: 'back' };`)), host);
    expect(after).toMatchObject({ kind: 'skip', message: 'back' });
  }, 60_000);

  it('large non-ASCII storage, args and logs cross the pipe both ways byte for byte', async () => {
    // Mixed 2-, 3- and 4-byte characters over several 64 KiB pipe reads: chunk boundaries fall inside characters.
    const text = (seed: string, bytes: number) => {
      const unit = `${seed}é€😀ß中\u{1F9EA}`;
      return unit.repeat(Math.ceil(bytes / Buffer.byteLength(unit)));
    };
    const args = { big: text('a', 300_000) };
    const storage = { kept: text('bb', 200_000) };
    const line = text('c', 1_000); // each log line well under the 4 KiB cap; 100 lines: ~100 KB of logs
    const outcome = await runner.run(
      taskInput(
        task(`const kept = await ctx.storage.get('kept');
        await ctx.storage.set('echo', ctx.args.big + '|' + kept);
        for (let i = 0; i < 100; i++) ctx.log.info(${JSON.stringify(line)});
        return { canExec: false, message: 'ok' };`),
        { args, storage },
      ),
      host,
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: 'ok', storageChanged: true });
    expect(outcome.storage.kept).toBe(storage.kept);
    expect(outcome.storage.echo).toBe(`${args.big}|${storage.kept}`);
    expect(outcome.logs).toHaveLength(100);
    for (const log of outcome.logs) expect(log.message).toBe(line);
  }, 60_000);

  it('refuses a configuration that gives the sandbox a network', () => {
    process.env.TICKWORK_GVISOR_RUNNER = 'runsc --rootless --network=host';
    expect(() => gvisorConfig()).toThrow(/network must be none/);
    process.env.TICKWORK_GVISOR_RUNNER = RUNSC;
    expect(gvisorConfig().flags).toContain('--network=none');
  });
});

/** Processes `pids` and all their descendants (a sandbox: sh → runsc do → the Sentry, the gofer, the task). */
function withDescendants(pids: number[]): number[] {
  const table = execFileSync('ps', ['-e', '-o', 'pid=,ppid='], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .map((row) => row.trim().split(/\s+/).map(Number));
  const found = new Set(pids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of table)
      if (pid !== undefined && ppid !== undefined && found.has(ppid) && !found.has(pid)) {
        found.add(pid);
        grew = true;
      }
  }
  return [...found];
}

/** A runner of one sandbox in a root directory of its own, noting which sandbox served each run. */
function soloRunner(runsPerSandbox: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickwork-gvisor-solo-'));
  process.env.TICKWORK_GVISOR_RUNNER = RUNSC;
  process.env.TICKWORK_GVISOR_ROOT_DIR = dir;
  process.env.TICKWORK_GVISOR_POOL_SIZE = '1';
  process.env.TICKWORK_GVISOR_RUNS_PER_SANDBOX = String(runsPerSandbox);
  const solo = createGvisorRunner(gvisorConfig());
  delete process.env.TICKWORK_GVISOR_RUNS_PER_SANDBOX;
  const served: string[] = [];
  const acquire = solo.pool.acquire.bind(solo.pool);
  solo.pool.acquire = async (owner) => {
    const sandbox = await acquire(owner);
    served.push(sandbox.id);
    return sandbox;
  };
  const close = () => {
    solo.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { solo, served, dir, close };
}

const skipTask = task(`return { canExec: false, message: 'ok' };`);

describe('recycling: a sandbox serves the next run only after a clean one', () => {
  it('after TICKWORK_GVISOR_RUNS_PER_SANDBOX runs (2 here) the next run is in a fresh sandbox', async () => {
    const { solo, served, close } = soloRunner(2);
    try {
      for (let i = 0; i < 3; i++)
        expect(await solo.run(taskInput(skipTask), host)).toMatchObject({ kind: 'skip' });
      expect(served[0]).toBe(served[1]);
      expect(served[2]).not.toBe(served[1]);
    } finally {
      close();
    }
  }, 90_000);

  describe('one sandbox serving many runs', () => {
    let s: ReturnType<typeof soloRunner>;
    beforeAll(() => {
      s = soloRunner(100);
    });
    afterAll(() => s.close());
    /** Runs `first`, then a plain run: whether the plain run got the same sandbox. */
    const sameSandboxAfter = async (first: () => Promise<unknown>) => {
      await first();
      await s.solo.run(taskInput(skipTask), host);
      const [a, b] = s.served.slice(-2);
      return a === b;
    };

    it('a task that threw leaves its sandbox for the next run (how the test tells sandboxes apart)', async () => {
      const threw = () =>
        s.solo.run(taskInput(task(`throw new Error('mine');`)), host).then((o) => {
          expect(o).toMatchObject({ kind: 'error', error: { code: 'task_threw' } });
        });
      expect(await sameSandboxAfter(threw)).toBe(true);
    }, 90_000);

    it('a run that hit a limit (storage_too_large, invalid_result) is the last of its sandbox', async () => {
      const tooLarge = () =>
        s.solo
          .runWith(
            taskInput(task(`await ctx.storage.set('big', 'x'.repeat(5000)); return { canExec: false };`)),
            host,
            { ...DEFAULT_TASK_LIMITS, maxStorageBytes: 1000 },
          )
          .then((o) => expect(o).toMatchObject({ kind: 'error', error: { code: 'storage_too_large' } }));
      expect(await sameSandboxAfter(tooLarge)).toBe(false);
      const invalid = () =>
        s.solo
          .run(taskInput(task(`return { canExec: 'maybe' };`)), host)
          .then((o) => expect(o).toMatchObject({ kind: 'error', error: { code: 'invalid_result' } }));
      expect(await sameSandboxAfter(invalid)).toBe(false);
    }, 90_000);

    it('a run whose host bridge threw is the last of its sandbox, though the task caught it and skipped', async () => {
      const broken: TaskHost = {
        chainRequest: async () => {
          throw new Error('the gateway broke');
        },
        fetch: host.fetch,
      };
      const caught = () =>
        s.solo
          .run(
            taskInput(
              task(`try { await ctx.chain.request({ method: 'eth_chainId' }); } catch (e) { return { canExec: false, message: String(e.message) }; }
              return { canExec: false, message: 'answered' };`),
            ),
            broken,
          )
          .then((o) =>
            expect(o).toMatchObject({ kind: 'skip', message: expect.stringMatching(/gateway broke/) }),
          );
      expect(await sameSandboxAfter(caught)).toBe(false);
    }, 90_000);

    it('a sandbox serves one executable only: another executable gets a fresh one, then its own again', async () => {
      const ofExe = (executableId: string) =>
        s.solo.run(taskInput(skipTask, { execution: { ...taskInput('').execution, executableId } }), host);
      await ofExe('exe_a');
      const a = s.served.at(-1);
      await ofExe('exe_b');
      const b = s.served.at(-1);
      await ofExe('exe_b');
      expect(s.served.at(-1)).toBe(b);
      expect(b).not.toBe(a);
      await ofExe('exe_a');
      // exe_a's sandbox made way for exe_b's: exe_a gets a fresh one, never exe_b's.
      expect(s.served.at(-1)).not.toBe(b);
      expect(s.served.at(-1)).not.toBe(a);
    }, 90_000);

    it('a frozen sandbox (SIGSTOP) is killed at the wall: the run fails task_timeout, the pool recovers', async () => {
      // The freeze must land before the worker's own limit ends the run (then it is not killed at the wall): a
      // limit of 5 s leaves ample time for the poll, pgrep and ps below on a loaded machine.
      const running = s.solo.runWith(
        taskInput(task(`await new Promise((r) => setTimeout(r, 20000)); return { canExec: false };`)),
        host,
        { ...DEFAULT_TASK_LIMITS, timeoutMs: 5_000 },
      );
      await waitUntil('the run is in its sandbox', async () =>
        s.solo.pool.stats().busy === 1 ? true : null,
      );
      // Only this runner's sandbox has its root under s.dir: freeze it and everything it started.
      const roots = execFileSync('pgrep', ['-f', '--', `-root ${s.dir}/`], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map(Number);
      const frozen = withDescendants(roots);
      for (const pid of frozen) process.kill(pid, 'SIGSTOP');
      try {
        const outcome = await running;
        expect(outcome).toMatchObject({
          kind: 'error',
          error: {
            code: 'task_timeout',
            message: expect.stringMatching(/did not stop it: the sandbox was killed/),
          },
          storageChanged: false,
        });
      } finally {
        for (const pid of frozen)
          try {
            process.kill(pid, 'SIGKILL');
          } catch {
            // gone with its sandbox
          }
      }
      const before = s.served.at(-1);
      expect(await s.solo.run(taskInput(skipTask), host)).toMatchObject({ kind: 'skip', message: 'ok' });
      expect(s.served.at(-1)).not.toBe(before);
    }, 90_000);
  });
});
