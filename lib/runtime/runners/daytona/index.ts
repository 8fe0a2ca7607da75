import type { Daytona, Sandbox } from '@daytonaio/sdk';
import sdkPackage from '@daytonaio/sdk/package.json';
import { log } from '@/lib/log';
import { DEFAULT_TASK_LIMITS, type TaskLimits } from '../../task-runner/limits';
import type { TaskOutcome } from '../../task-types';
import { bundleWorker } from '../gvisor/rootfs';
import { runInSandbox } from '../gvisor/run';
import { releaseLimitOverrides, runnerFailure, SandboxBuildError, type SandboxRunner } from '../types';
import { buildIn } from './build';
import { type DaytonaRunnerConfig, daytonaConfig } from './config';
import { startWorkerSession, WORKER_PATH, type WorkerSession } from './session';

export { daytonaConfigured } from './config';

const CREATE_TIMEOUT_S = 120;
const START_TIMEOUT_S = 60;
const REF_PREFIX = 'daytona:';

// The SDK (some 400 modules) loads on the runner's first call to Daytona, not with every process that imports the
// runners: a deployment without DAYTONA_API_KEY never loads it. Until it has loaded, no error can be its own.
type DaytonaSdk = typeof import('@daytonaio/sdk');
let sdk: DaytonaSdk | null = null;
async function loadSdk(): Promise<DaytonaSdk> {
  sdk ??= await import('@daytonaio/sdk');
  return sdk;
}
const isDaytonaError = (error: unknown): error is InstanceType<DaytonaSdk['DaytonaError']> =>
  sdk !== null && error instanceof sdk.DaytonaError;

export type DaytonaRunner = SandboxRunner & { close(): void };

/** What went wrong with a Daytona call, fit for a run's error or a log line: a status, never a key or URL. */
function daytonaFault(error: unknown): string {
  if (isDaytonaError(error) && error.statusCode) return `Daytona answered HTTP ${error.statusCode}`;
  if (isDaytonaError(error)) return `Daytona failed (${error.name})`;
  return error instanceof Error && /^the Daytona worker /.test(error.message)
    ? error.message
    : 'Daytona could not be reached';
}

/** For the operator's log: the fault and Daytona's own message (which names no key), cut short. */
const logged = (error: unknown) => ({
  fault: daytonaFault(error),
  detail: error instanceof Error ? error.message.slice(0, 300) : undefined,
});

const notFound = (error: unknown) => isDaytonaError(error) && error.statusCode === 404;

export const sandboxIdOf = (ref: string | null | undefined) =>
  ref?.startsWith(REF_PREFIX) && ref.length > REF_PREFIX.length ? ref.slice(REF_PREFIX.length) : null;

/**
 * The Daytona runner: one Daytona sandbox per executable (built on create, on a function switch and on
 * reprovision; deleted when replaced or when the executable is deleted), with the same worker as the gVisor
 * runner inside (tasks run in isolated-vm there too). The host drives it through Daytona's API only: it starts
 * the worker as a session command, writes protocol lines to its stdin and reads its stdout log; chain and fetch
 * requests are answered here through the run's host, under every host policy. Sandboxes have no network.
 */
export function createDaytonaRunner(config: DaytonaRunnerConfig, appRoot = process.cwd()): DaytonaRunner {
  let client: Daytona | null = null;
  const daytona = async () => {
    const { Daytona } = await loadSdk();
    // Polling rather than the event socket: the runner waits on sandbox states rarely (create, start).
    client ??= new Daytona({
      apiKey: config.apiKey,
      apiUrl: config.apiUrl,
      target: config.target,
      useDeprecatedPolling: true,
    });
    return client;
  };
  let worker: Promise<string> | null = null;
  const workerBundle = () => {
    worker ??= bundleWorker(appRoot).catch((error) => {
      worker = null;
      throw error;
    });
    return worker;
  };
  /** The running worker of each sandbox, and the tail of its queue of runs (one run at a time per worker). */
  const workers = new Map<string, Promise<WorkerSession>>();
  const queues = new Map<string, Promise<unknown>>();
  let nextId = 1;

  const dropWorker = (sandboxId: string, session?: WorkerSession) => {
    session?.kill();
    workers.delete(sandboxId);
  };

  /** The sandbox's worker: the one running, or a new one (the sandbox started first when it was stopped). */
  const workerFor = async (sandboxId: string): Promise<WorkerSession> => {
    const current = workers.get(sandboxId);
    if (current) {
      const session = await current.catch(() => null);
      if (session?.alive()) return session;
      if (workers.get(sandboxId) === current) workers.delete(sandboxId);
    }
    const starting = (async () => {
      const sandbox = await (await daytona()).get(sandboxId);
      if (sandbox.state === 'starting') await sandbox.waitUntilStarted(START_TIMEOUT_S);
      else if (sandbox.state !== 'started') await sandbox.start(START_TIMEOUT_S);
      return startWorkerSession(sandbox);
    })();
    workers.set(sandboxId, starting);
    starting.catch(() => {
      if (workers.get(sandboxId) === starting) workers.delete(sandboxId);
    });
    return starting;
  };

  const serially = <T>(sandboxId: string, work: () => Promise<T>): Promise<T> => {
    const previous = queues.get(sandboxId) ?? Promise.resolve();
    const next = previous.then(work, work);
    const tail = next.catch(() => {});
    queues.set(sandboxId, tail);
    void tail.then(() => {
      if (queues.get(sandboxId) === tail) queues.delete(sandboxId);
    });
    return next;
  };

  const deleteSandbox = async (sandbox: Sandbox) => {
    try {
      await sandbox.delete(CREATE_TIMEOUT_S);
    } catch (error) {
      if (!notFound(error)) throw error;
    }
  };

  return {
    name: 'daytona',
    close() {
      for (const [id] of workers)
        workers.get(id)?.then(
          (s) => s.kill(),
          () => {},
        );
      workers.clear();
    },
    version: async () => `daytona ${config.snapshot}; sdk ${sdkPackage.version}`,

    async build({ checksum, source, executableId }) {
      let sandbox: Sandbox;
      try {
        sandbox = await (await daytona()).create(
          {
            snapshot: config.snapshot,
            language: 'javascript',
            labels: { 'tickwork-executable': executableId, 'tickwork-checksum': checksum },
            envVars: {},
            networkBlockAll: true,
          },
          { timeout: CREATE_TIMEOUT_S },
        );
      } catch (error) {
        log.error({ ...logged(error), executableId }, 'creating a Daytona sandbox failed');
        throw new Error(`no Daytona sandbox could be created: ${daytonaFault(error)}`);
      }
      try {
        await sandbox.fs.uploadFile(Buffer.from(await workerBundle()), WORKER_PATH);
        const session = await startWorkerSession(sandbox);
        workers.set(sandbox.id, Promise.resolve(session));
        const error = await buildIn(session, nextId++, source);
        if (error !== null) throw new SandboxBuildError(error);
        return { ref: `${REF_PREFIX}${sandbox.id}` };
      } catch (error) {
        dropWorker(sandbox.id, (await workers.get(sandbox.id)?.catch(() => undefined)) ?? undefined);
        await deleteSandbox(sandbox).catch((e) =>
          log.error(
            { fault: daytonaFault(e), sandboxId: sandbox.id },
            'deleting a failed Daytona sandbox failed',
          ),
        );
        if (error instanceof SandboxBuildError) throw error;
        log.error({ ...logged(error), executableId }, 'building a Daytona sandbox failed');
        throw new Error(`the Daytona sandbox could not be built: ${daytonaFault(error)}`);
      }
    },

    async run(input, host, options) {
      const limits: TaskLimits = { ...DEFAULT_TASK_LIMITS, ...releaseLimitOverrides(options?.limits) };
      const sandboxId = sandboxIdOf(options?.sandboxRef);
      if (!sandboxId)
        return runnerFailure(
          input,
          'runner_unavailable',
          'this executable has no Daytona sandbox; regenerate it to build one',
        );
      const attempt = async (): Promise<{ outcome: TaskOutcome; retry: boolean }> => {
        let session: WorkerSession;
        try {
          session = await workerFor(sandboxId);
        } catch (error) {
          log.warn({ ...logged(error), sandboxId }, 'no Daytona worker for a run');
          const message = notFound(error)
            ? 'the Daytona sandbox of this executable is gone; regenerate it'
            : `the Daytona sandbox could not be reached (${daytonaFault(error)}); the run did not start`;
          return { outcome: runnerFailure(input, 'runner_unavailable', message), retry: false };
        }
        const seen = session.received();
        const { outcome, recycle } = await runInSandbox(session, nextId++, input, host, limits);
        // A worker that hit a limit, broke the protocol or was killed at the wall is replaced on the next run.
        if (recycle || !session.alive()) dropWorker(sandboxId, session);
        // A worker found gone when the run was handed to it (its sandbox stopped while idle): the run never
        // started, so it goes once more to a fresh worker. A worker lost during a run fails that run.
        const neverStarted =
          outcome.kind === 'error' &&
          outcome.error.code === 'runner_crashed' &&
          session.received() === seen &&
          session.undelivered();
        return { outcome, retry: neverStarted };
      };
      return serially(sandboxId, async () => {
        const first = await attempt();
        return first.retry ? (await attempt()).outcome : first.outcome;
      });
    },

    async discard(ref) {
      const sandboxId = sandboxIdOf(ref);
      if (!sandboxId) return;
      const current = workers.get(sandboxId);
      dropWorker(sandboxId, (await current?.catch(() => undefined)) ?? undefined);
      let sandbox: Sandbox;
      try {
        sandbox = await (await daytona()).get(sandboxId);
      } catch (error) {
        if (notFound(error)) return;
        throw new Error(`the Daytona sandbox could not be deleted: ${daytonaFault(error)}`);
      }
      await deleteSandbox(sandbox).catch((error) => {
        throw new Error(`the Daytona sandbox could not be deleted: ${daytonaFault(error)}`);
      });
    },
  };
}

let shared: DaytonaRunner | undefined;

/** This process's Daytona runner (`DAYTONA_API_KEY`, `DAYTONA_API_URL`, `DAYTONA_TARGET`, `DAYTONA_SNAPSHOT`). */
export function daytonaRunner(): DaytonaRunner {
  shared ??= createDaytonaRunner(daytonaConfig());
  return shared;
}
