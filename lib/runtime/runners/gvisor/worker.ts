import { DEFAULT_TASK_LIMITS, type FreshIsolate, freshIsolate, runTask } from '../../task-runner';
import { ChainRequestError, type TaskHost, type TaskInput } from '../../task-types';
import { checkTaskBundle } from '../build-check';
import { type HostMessage, line, lineReader, type WorkerMessage } from './protocol';

// The process inside a gVisor sandbox (bundled on its own into the sandbox's root, lib/runtime/runners/gvisor/
// rootfs.ts): it runs tasks in the same isolate runner as the app (defense in depth) and reaches the chain and
// the network only by asking the host over stdout. One run at a time; the host recycles it as it sees fit.

const send = (message: WorkerMessage) => process.stdout.write(line(message));

let nextRequest = 1;
const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();

type Request = Extract<WorkerMessage, { t: 'chain' | 'fetch' }>;

function ask(request: (id: number) => Request): Promise<unknown> {
  const id = nextRequest++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    send(request(id));
  });
}

const host: TaskHost = {
  chainRequest: (method, params) => ask((id) => ({ t: 'chain', id, method, params })),
  fetch: (url, init) => ask((id) => ({ t: 'fetch', id, url, init })) as ReturnType<TaskHost['fetch']>,
};

// The next run's isolate, made while the worker waits: most of a run's cost inside gVisor is making it.
let next: Promise<FreshIsolate | undefined> = Promise.resolve(undefined);
const prepareNext = (memoryMb: number) => {
  next = freshIsolate(memoryMb).catch(() => undefined);
};

async function handle(message: HostMessage) {
  if (message.t === 'answer') {
    const pending = waiting.get(message.id);
    if (!pending) return;
    waiting.delete(message.id);
    if (message.ok) pending.resolve(message.result);
    else if (message.error.code !== undefined)
      pending.reject(new ChainRequestError(message.error.code, message.error.message, message.error.data));
    else pending.reject(new Error(message.error.message));
  } else if (message.t === 'run') {
    const prepared = await next;
    const outcome = await runTask(message.input, host, message.limits, prepared);
    send({ t: 'done', id: message.id, outcome });
    setImmediate(() => prepareNext(message.limits.memoryMb));
  } else if (message.t === 'build') {
    const error = await checkTaskBundle(message.source).then(
      () => null,
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    send({ t: 'built', id: message.id, error });
  }
}

process.stdin.on(
  'data',
  lineReader(
    Number.POSITIVE_INFINITY,
    (message) => void handle(message as HostMessage),
    () => process.exit(2),
  ),
);
process.stdin.on('end', () => process.exit(0));

/**
 * One run of a task of our own before the worker says it is ready: the first run in a new process pays for
 * loading and compiling the runner's code paths (tens of ms inside gVisor), and the pool starts sandboxes ahead
 * of the runs that need them, so that cost is paid there rather than by an executable's first run.
 */
const WARM_UP: TaskInput = {
  source:
    'export default { __tickworkTask: 1, async run() { return { canExec: false, message: "warm" }; } };',
  args: {},
  storage: {},
  secrets: {},
  chainId: 1,
  execution: {
    id: 'warm-up',
    executableId: 'warm-up',
    sender: '0x0000000000000000000000000000000000000000',
    trigger: 'manual',
    scheduledAt: new Date(0).toISOString(),
    dryRun: true,
  },
};
const noHost: TaskHost = {
  chainRequest: () => Promise.reject(new Error('no chain in the warm-up')),
  fetch: () => Promise.reject(new Error('no fetch in the warm-up')),
};
void runTask(WARM_UP, noHost, DEFAULT_TASK_LIMITS)
  .catch(() => undefined)
  .then(() => {
    prepareNext(DEFAULT_TASK_LIMITS.memoryMb);
    send({ t: 'ready' });
  });
