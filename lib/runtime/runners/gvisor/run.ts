import type { TaskLimits } from '../../task-runner/limits';
import { ChainRequestError, type TaskHost, type TaskInput, type TaskOutcome } from '../../task-types';
import { runnerFailure } from '../types';
import { checkedOutcome } from './outcome-check';
import type { HostMessage, WorkerMessage } from './protocol';

/** How long past the wall limit the host waits for the worker's own timeout before it kills the sandbox. */
const KILL_GRACE_MS = 2_000;

/**
 * The ends after which a sandbox is not reused: a limit was hit (the worker may be in any state, or was made to
 * answer something no run could have).
 */
const RECYCLED_CODES = new Set(['task_timeout', 'task_memory_limit', 'storage_too_large', 'invalid_result']);

export type SandboxRun = { outcome: TaskOutcome; recycle: boolean };

/**
 * What a run needs of a sandbox: a line channel to its worker (a gVisor sandbox process, a Daytona session
 * command). `ended` resolves when the worker is gone; `label` names the sandbox in failure messages.
 */
export type SandboxChannel = {
  runs: number;
  label?: string;
  send(message: HostMessage): void;
  onMessage(listener: ((message: WorkerMessage) => void) | null): void;
  ended: Promise<string>;
  kill(): void;
};

type Answer = Extract<HostMessage, { t: 'answer' }>;

/**
 * Answers a worker's chain or fetch request through the run's host, counted on this side too: a worker that
 * got around its own counters still gets no more than the run's limits. `onTrouble` is told when the host side
 * refused a request over a limit (the worker's own counters should have stopped it) or threw anything but a
 * JSON-RPC error (a policy refusal, a network failure, a bug): the run's sandbox is then not reused.
 */
function hostAnswerer(host: TaskHost, limits: TaskLimits, onTrouble: () => void) {
  const used = { rpc: 0, fetch: 0 };
  return async (request: Extract<WorkerMessage, { t: 'chain' | 'fetch' }>): Promise<Answer> => {
    const { id } = request;
    try {
      if (request.t === 'chain') {
        if (++used.rpc > limits.maxRpcRequests) {
          onTrouble();
          return { t: 'answer', id, ok: false, error: { code: -32005, message: 'request limit reached' } };
        }
        return {
          t: 'answer',
          id,
          ok: true,
          result: await host.chainRequest(String(request.method), request.params),
        };
      }
      if (++used.fetch > limits.maxFetchRequests) {
        onTrouble();
        return {
          t: 'answer',
          id,
          ok: false,
          error: { message: `fetch limit reached (at most ${limits.maxFetchRequests} per run)` },
        };
      }
      return { t: 'answer', id, ok: true, result: await host.fetch(String(request.url), request.init ?? {}) };
    } catch (error) {
      if (error instanceof ChainRequestError)
        return {
          t: 'answer',
          id,
          ok: false,
          error: { code: error.code, message: error.message, data: error.data },
        };
      onTrouble();
      const message = error instanceof Error ? error.message : 'the request failed';
      return {
        t: 'answer',
        id,
        ok: false,
        error: request.t === 'chain' ? { code: -32603, message } : { message },
      };
    }
  };
}

/**
 * One run in a sandbox: the input goes in, chain and fetch requests are answered through the host, and the
 * outcome comes back checked. The host keeps its own wall clock: past the limit (plus a grace for the worker's
 * own timeout) the sandbox is killed. A sandbox that dies or breaks the protocol fails the run, never the host.
 */
export function runInSandbox(
  sandbox: SandboxChannel,
  runId: number,
  input: TaskInput,
  host: TaskHost,
  limits: TaskLimits,
): Promise<SandboxRun> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let troubled = false;
  const answer = hostAnswerer(host, limits, () => {
    troubled = true;
  });
  return new Promise<SandboxRun>((resolve) => {
    let settled = false;
    const finish = (run: SandboxRun) => {
      if (settled) return;
      settled = true;
      clearTimeout(wall);
      sandbox.onMessage(null);
      resolve(run);
    };
    const fail = (code: string, message: string) =>
      finish({ outcome: runnerFailure(input, code, message, elapsed()), recycle: true });
    const wall = setTimeout(() => {
      sandbox.kill();
      fail(
        'task_timeout',
        `the task ran longer than its ${limits.timeoutMs / 1000} s limit and its sandbox did not stop it: the sandbox was killed`,
      );
    }, limits.timeoutMs + KILL_GRACE_MS);

    sandbox.onMessage((message) => {
      if (message?.t === 'chain' || message?.t === 'fetch') {
        void answer(message).then((reply) => {
          if (!settled) sandbox.send(reply);
        });
      } else if (message?.t === 'done' && message.id === runId) {
        const outcome = checkedOutcome(message.outcome, input, limits);
        if (!outcome)
          fail('runner_failed', 'the sandbox answered an outcome no run could have; nothing of it was kept');
        else
          finish({
            outcome,
            recycle: troubled || (outcome.kind === 'error' && RECYCLED_CODES.has(outcome.error.code)),
          });
      } else {
        sandbox.kill();
        fail('runner_failed', 'the sandbox broke the runner protocol; nothing of the run was kept');
      }
    });
    void sandbox.ended.then(() =>
      fail(
        'runner_crashed',
        `the ${sandbox.label ?? 'gVisor'} sandbox stopped during the run; nothing of the run was kept`,
      ),
    );
    sandbox.runs++;
    sandbox.send({ t: 'run', id: runId, input, limits });
  });
}
