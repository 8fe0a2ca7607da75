// The gVisor runner end to end: an app configured with TICKWORK_GVISOR_RUNNER runs a gvisor executable's task
// inside gVisor and sends its transaction; the execution records the runner and its version. A sandbox killed
// mid-run fails that execution with runner_crashed, and the next run confirms.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FaultStack, startFaultStack } from '../support/fault-stack';
import { payExe, waitForStatus } from '../support/faults';
import { api } from '../support/http';
import { balanceOf, type RunWorld, runnableExe, runToEnd, runWorld, startRun } from '../support/runs';
import { useTarget } from '../support/target';

/** Calls `args.url` (so the test knows it runs in its sandbox), then sleeps 20 s. */
const SLEEPY_TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  await fetch(ctx.args.url);
  await new Promise((resolve) => setTimeout(resolve, 20_000));
  return { canExec: false, message: 'slept' };
} };\n`;

let stack: FaultStack;
let w: RunWorld;
// The app's sandboxes are told apart from other suites' by their root directory.
const rootDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickwork-gvisor-e2e-'));

beforeAll(async () => {
  stack = await startFaultStack({
    env: {
      TICKWORK_GVISOR_RUNNER: process.env.TICKWORK_GVISOR_RUNNER || 'runsc --rootless --platform=ptrace',
      TICKWORK_GVISOR_ROOT_DIR: rootDir,
      TICKWORK_GVISOR_POOL_SIZE: '1',
    },
  });
  useTarget(stack.target);
  w = await runWorld();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
  fs.rmSync(rootDir, { recursive: true, force: true });
});

describe('a gvisor executable', () => {
  it('is served by the gVisor runner: its run confirms, and the execution says gvisor with its version', async () => {
    const { exe, to, wei } = await payExe(w, { exe: { sandboxRuntime: 'gvisor' } });
    expect(exe).toMatchObject({ sandboxRuntime: 'gvisor', sandboxRunner: 'gvisor' });
    const before = await balanceOf(to);
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', runner: 'gvisor' });
    expect(execution.runnerVersion).toMatch(/^runsc .+; isolated-vm .+; node .+$/);
    expect((await balanceOf(to)) - before).toBe(wei);
  }, 90_000);

  it('a sandbox killed mid-run fails the execution with runner_crashed; the next run confirms', async () => {
    // The task calls this server from its sandbox, then sleeps: once called, it is surely mid-run in its sandbox
    // (a fixed wait after `running` could come before the run reached a sandbox, on a loaded machine).
    let called = () => {};
    const inSandbox = new Promise<void>((resolve) => {
      called = resolve;
    });
    const server = createServer((_req, res) => {
      res.end('ok');
      called();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const exe = await runnableExe(w, SLEEPY_TASK, {
        exe: {
          args: JSON.stringify({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/` }),
          trigger: { type: 'interval', intervalMs: 3_600_000 },
          sandboxRuntime: 'gvisor',
        },
      });
      const started = await startRun(w.token, exe.id);
      expect(started.status, started.text).toBe(200);
      const id = started.body.data.id;
      let patience: NodeJS.Timeout | undefined;
      await Promise.race([
        inSandbox,
        new Promise((_, reject) => {
          patience = setTimeout(
            () => reject(new Error('the task did not call from its sandbox in 60 s')),
            60_000,
          );
        }),
      ]).finally(() => clearTimeout(patience));
      // Kill the sandbox's processes from outside, as the OOM killer would.
      execFileSync('pkill', ['-KILL', '-f', '--', `-root ${rootDir}/`]);
      const failed = await waitForStatus(w.token, id, ['failed', 'confirmed', 'skipped'], 30_000);
      expect(failed).toMatchObject({ status: 'failed', runner: 'gvisor', error: { code: 'runner_crashed' } });
    } finally {
      server.close();
    }

    const again = await payExe(w, { exe: { sandboxRuntime: 'gvisor' } });
    const { execution } = await runToEnd(w.token, again.exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', runner: 'gvisor' });
  }, 120_000);

  it('an executable on the default runtime still runs in the isolate runner here', async () => {
    const { exe } = await payExe(w);
    expect(exe).toMatchObject({ sandboxRuntime: 'daytona', sandboxRunner: 'isolate' });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', runner: 'isolate' });
    expect(execution.runnerVersion).toMatch(/^isolated-vm .+; node .+$/);
    const listed = await api(`/api/v1/executions/${execution.id}`, { token: w.token });
    expect(listed.body.data.runnerVersion).toBe(execution.runnerVersion);
  }, 90_000);
});
