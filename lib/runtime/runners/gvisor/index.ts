import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { log } from '@/lib/log';
import { DEFAULT_TASK_LIMITS, type TaskLimits } from '../../task-runner/limits';
import type { TaskHost, TaskInput, TaskOutcome } from '../../task-types';
import { isolateVersion } from '../isolate';
import { releaseLimitOverrides, runnerFailure, SandboxBuildError, type SandboxRunner } from '../types';
import { type GvisorConfig, gvisorConfig } from './config';
import { sweepLeftovers } from './leftovers';
import { SandboxPool } from './pool';
import type { WorkerMessage } from './protocol';
import { sandboxRoot } from './rootfs';
import { runInSandbox } from './run';
import { type SandboxProcess, startSandbox } from './sandbox';

export { gvisorConfigured } from './config';

const BUILD_TIMEOUT_MS = 30_000;

export type GvisorRunner = SandboxRunner & {
  pool: SandboxPool;
  /** A run with every limit given (`run` takes a release's overrides of the defaults). */
  runWith(input: TaskInput, host: TaskHost, limits: TaskLimits): Promise<TaskOutcome>;
  close(): void;
};

/** Checks a bundle inside a sandbox: its top-level code is the task's, so it runs nowhere else. */
function buildIn(sandbox: SandboxProcess, id: number, source: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      sandbox.kill();
      reject(new SandboxBuildError('index.js took longer than 30 s to load'));
    }, BUILD_TIMEOUT_MS);
    sandbox.onMessage((message: WorkerMessage) => {
      if (message?.t !== 'built' || message.id !== id) return;
      clearTimeout(timer);
      sandbox.onMessage(null);
      resolve(typeof message.error === 'string' ? message.error.slice(0, 300) : null);
    });
    void sandbox.ended.then(() => {
      clearTimeout(timer);
      reject(new SandboxBuildError('the sandbox stopped while loading index.js'));
    });
    sandbox.send({ t: 'build', id, source });
  });
}

/**
 * The gVisor runner: tasks run in the same isolate runner as the app's, inside a Node worker inside a gVisor
 * sandbox (no network, a root holding only node, isolated-vm and the worker, cgroup memory and CPU caps where
 * the host allows, a clean environment). A warm pool keeps sandboxes started; chain and fetch requests cross
 * to the host, which applies every policy.
 */
export function createGvisorRunner(config: GvisorConfig): GvisorRunner {
  sweepLeftovers();
  let root: Promise<string> | null = null;
  const rootOnce = () => {
    root ??= sandboxRoot(config.rootDir).catch((error) => {
      root = null;
      throw error;
    });
    return root;
  };
  const pool = new SandboxPool(
    async () => startSandbox(config, await rootOnce()),
    config.poolSize,
    config.runsPerSandbox,
  );
  let nextId = 1;
  let version: Promise<string> | null = null;

  /** A sandbox for `owner` (an executable: a sandbox never serves two, see SandboxPool). */
  const acquire = async (owner: string): Promise<SandboxProcess | Error> =>
    pool
      .acquire(owner)
      .catch((error: unknown) => (error instanceof Error ? error : new Error(String(error))));

  const runWith = async (input: TaskInput, host: TaskHost, limits: TaskLimits): Promise<TaskOutcome> => {
    const sandbox = await acquire(input.execution.executableId);
    if (sandbox instanceof Error)
      return runnerFailure(
        input,
        'runner_unavailable',
        'no gVisor sandbox could be started; the run did not start',
      );
    const { outcome, recycle } = await runInSandbox(sandbox, nextId++, input, host, limits);
    pool.release(sandbox, recycle);
    return outcome;
  };
  // Sandboxes are their own process groups: they go with this process, however it ends normally.
  process.once('exit', () => pool.close());

  return {
    name: 'gvisor',
    pool,
    close: () => pool.close(),
    version() {
      version ??= promisify(execFile)(config.runsc, ['--version'], { timeout: 10_000 }).then(
        ({ stdout }) => `${stdout.split('\n')[0]?.trim() ?? 'runsc'}; ${isolateVersion()}`,
        () => `runsc (version unknown); ${isolateVersion()}`,
      );
      return version;
    },
    async build({ checksum, source, executableId }) {
      const sandbox = await acquire(executableId);
      if (sandbox instanceof Error) {
        log.error({ err: sandbox }, 'no gVisor sandbox for a build');
        throw new Error('no gVisor sandbox could be started');
      }
      let recycle = true;
      try {
        const error = await buildIn(sandbox, nextId++, source);
        recycle = false;
        if (error !== null) throw new SandboxBuildError(error);
        return { ref: `gvisor:${checksum}` };
      } finally {
        pool.release(sandbox, recycle);
      }
    },
    run: (input, host, options) =>
      runWith(input, host, { ...DEFAULT_TASK_LIMITS, ...releaseLimitOverrides(options?.limits) }),
    runWith,
  };
}

let shared: GvisorRunner | undefined;

/** This process's gVisor runner (`TICKWORK_GVISOR_RUNNER`), started on first use with a warm pool. */
export function gvisorRunner(): GvisorRunner {
  if (!shared) {
    shared = createGvisorRunner(gvisorConfig());
    shared.pool.warm();
  }
  return shared;
}
