import { describe, expect, it } from 'vitest';
import type { HostMessage, WorkerMessage } from '@/lib/runtime/runners/gvisor/protocol';
import { runInSandbox, type SandboxChannel } from '@/lib/runtime/runners/gvisor/run';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner/limits';
import { ChainRequestError, type TaskHost, type TaskOutcome } from '@/lib/runtime/task-types';
import { taskInput } from '../support/tasks';

// One run over a sandbox's line channel, with the worker played by the test: what the host answers, and when it
// says the sandbox must not serve another run (a limit hit, a request refused on the host side, a host throw).

type Script = (request: (m: WorkerMessage) => Promise<HostMessage>, done: (o: TaskOutcome) => void) => void;

/** A channel whose worker runs `script` when it is handed a run. */
function fakeWorker(script: Script): SandboxChannel {
  let listener: ((m: WorkerMessage) => void) | null = null;
  const waiting = new Map<number, (m: HostMessage) => void>();
  let runId = 0;
  return {
    runs: 0,
    ended: new Promise(() => {}),
    kill: () => {},
    onMessage: (next) => {
      listener = next;
    },
    send(message) {
      if (message.t === 'run') {
        runId = message.id;
        script(
          (m) =>
            new Promise((resolve) => {
              waiting.set((m as { id: number }).id, resolve);
              listener?.(m);
            }),
          (outcome) => listener?.({ t: 'done', id: runId, outcome }),
        );
      } else if (message.t === 'answer') waiting.get(message.id)?.(message);
    },
  };
}

const skip = (over: Partial<TaskOutcome> = {}): TaskOutcome =>
  ({
    kind: 'skip',
    message: null,
    logs: [],
    storage: {},
    storageChanged: false,
    rpcRequests: 0,
    fetchRequests: 0,
    durationMs: 1,
    ...over,
  }) as TaskOutcome;

const host = (chainRequest: TaskHost['chainRequest']): TaskHost => ({
  chainRequest,
  fetch: async () => Promise.reject(new Error('fetch: refused by the network policy')),
});
const input = taskInput('unused');

describe('a run over a sandbox channel', () => {
  it('an ordinary run leaves the sandbox for the next one; a chain error answer (a revert) does too', async () => {
    const worker = fakeWorker(async (ask, done) => {
      const answer = await ask({ t: 'chain', id: 1, method: 'eth_call', params: [] });
      expect(answer).toMatchObject({ ok: false, error: { code: 3, message: 'execution reverted' } });
      done(skip({ rpcRequests: 1 }));
    });
    const run = await runInSandbox(
      worker,
      1,
      input,
      host(async () => {
        throw new ChainRequestError(3, 'execution reverted');
      }),
      DEFAULT_TASK_LIMITS,
    );
    expect(run).toMatchObject({ outcome: { kind: 'skip' }, recycle: false });
    expect(worker.runs).toBe(1);
  });

  it('a request the host refuses over the limit (the worker got around its own counter) recycles the sandbox', async () => {
    const worker = fakeWorker(async (ask, done) => {
      await ask({ t: 'chain', id: 1, method: 'eth_chainId', params: [] });
      const over = await ask({ t: 'chain', id: 2, method: 'eth_chainId', params: [] });
      expect(over).toMatchObject({ ok: false, error: { code: -32005 } });
      done(skip({ rpcRequests: 1 }));
    });
    const run = await runInSandbox(
      worker,
      1,
      input,
      host(async () => '0x7a69'),
      {
        ...DEFAULT_TASK_LIMITS,
        maxRpcRequests: 1,
      },
    );
    expect(run).toMatchObject({ outcome: { kind: 'skip' }, recycle: true });
  });

  it('a host bridge that throws (not a JSON-RPC error) recycles the sandbox, though the task carried on', async () => {
    for (const request of [
      { t: 'chain', id: 1, method: 'eth_chainId', params: [] },
      { t: 'fetch', id: 1, url: 'http://10.0.0.1/', init: {} },
    ] as WorkerMessage[]) {
      const worker = fakeWorker(async (ask, done) => {
        expect(await ask(request)).toMatchObject({ ok: false });
        done(skip());
      });
      const run = await runInSandbox(
        worker,
        1,
        input,
        host(async () => {
          throw new Error('the gateway broke');
        }),
        DEFAULT_TASK_LIMITS,
      );
      expect(run).toMatchObject({ outcome: { kind: 'skip' }, recycle: true });
    }
  });

  it.each(['task_timeout', 'task_memory_limit', 'storage_too_large', 'invalid_result'])(
    'a run that ended with %s recycles the sandbox; task_threw does not',
    async (code) => {
      const ended = (errorCode: string) =>
        runInSandbox(
          fakeWorker((_ask, done) =>
            done(skip({ kind: 'error', error: { code: errorCode, message: 'x' } } as never)),
          ),
          1,
          input,
          host(async () => null),
          DEFAULT_TASK_LIMITS,
        );
      expect(await ended(code)).toMatchObject({ outcome: { error: { code } }, recycle: true });
      expect(await ended('task_threw')).toMatchObject({ recycle: false });
    },
  );
});
