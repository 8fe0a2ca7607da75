import { randomBytes } from 'node:crypto';
import type { Sandbox } from '@daytonaio/sdk';
import { log } from '@/lib/log';
import { type HostMessage, line, lineReader, type WorkerMessage } from '../gvisor/protocol';
import type { SandboxChannel } from '../gvisor/run';

// The worker inside a Daytona sandbox, spoken to through Daytona's own API: it runs as a long-running async
// command of a session; the host writes protocol lines to its stdin (`sendSessionCommandInput`) and reads its
// stdout from the streaming command log (`getSessionCommandLogs`, a websocket). Every call is the host's, with
// the API key over TLS: the sandbox never calls anyone, and has no network of its own.

/** The largest message the host reads from a worker: storage (100 MiB) and logs fit with room to spare. */
const MAX_WORKER_LINE = 256 * 1024 * 1024;
const READY_TIMEOUT_MS = 30_000;

/** Where the worker bundle lives in the sandbox; the snapshot provides /runner/node_modules/isolated-vm. */
export const WORKER_PATH = '/runner/worker.js';

export type WorkerSession = SandboxChannel & {
  sandboxId: string;
  alive(): boolean;
  /** Messages the worker has sent since it was ready. */
  received(): number;
  /** Whether a message to the worker was refused (it never got it; the worker is ended). */
  undelivered(): boolean;
};

/**
 * Starts the worker in a fresh session of `sandbox` and resolves once it says it is ready; rejects (and ends
 * the session) when it does not start.
 */
export async function startWorkerSession(sandbox: Sandbox): Promise<WorkerSession> {
  const sessionId = `tickwork-worker-${randomBytes(6).toString('hex')}`;
  const proc = sandbox.process;
  await proc.createSession(sessionId);
  let commandId: string;
  try {
    // suppressInputEcho: the daemon would otherwise copy each input line into the command's stdout log.
    const started = await proc.executeSessionCommand(sessionId, {
      command: `node ${WORKER_PATH}`,
      runAsync: true,
      suppressInputEcho: true,
    });
    commandId = started.cmdId;
  } catch (error) {
    await proc.deleteSession(sessionId).catch(() => {});
    throw error;
  }

  let alive = true;
  let received = 0;
  let undelivered = false;
  let listener: ((message: WorkerMessage) => void) | null = null;
  let ready: (() => void) | null = null;
  let endWith: (why: string) => void = () => {};
  const ended = new Promise<string>((resolve) => {
    endWith = (why) => {
      alive = false;
      resolve(why);
    };
  });
  const kill = () => {
    if (!alive) return;
    endWith('killed');
    // Ending the session ends its shell and the worker in it.
    void proc.deleteSession(sessionId).catch(() => {});
  };
  const read = lineReader(
    MAX_WORKER_LINE,
    (message) => {
      if (!alive) return;
      const m = message as WorkerMessage;
      if (m?.t === 'ready') ready?.();
      else {
        received++;
        listener?.(m);
      }
    },
    kill,
  );
  let stderr = '';
  // The log stream ends when the command does (or the connection is lost): either way this worker is done.
  proc
    .getSessionCommandLogs(sessionId, commandId, read, (chunk) => {
      if (stderr.length < 4096) stderr += chunk;
    })
    .then(
      () => endWith('the worker exited'),
      () => endWith('the log stream failed'),
    );

  // Input lines go out one at a time, in order; a failed write ends the worker (the run sees `ended`).
  let sending: Promise<void> = Promise.resolve();
  const send = (message: HostMessage) => {
    if (!alive) return;
    const data = line(message);
    sending = sending
      .then(() => (alive ? proc.sendSessionCommandInput(sessionId, commandId, data) : undefined))
      .catch(() => {
        undelivered = true;
        kill();
      });
  };

  const worker: WorkerSession = {
    sandboxId: sandbox.id,
    label: 'Daytona',
    runs: 0,
    send,
    onMessage: (next) => {
      listener = next;
    },
    ended,
    alive: () => alive,
    received: () => received,
    undelivered: () => undelivered,
    kill,
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`the Daytona worker did not start within ${READY_TIMEOUT_MS / 1000} s`));
    }, READY_TIMEOUT_MS);
    ready = () => {
      clearTimeout(timer);
      resolve();
    };
    void ended.then((why) => {
      clearTimeout(timer);
      // The worker's stderr says why (a missing isolated-vm, a wrong node): for the operator's log only.
      if (stderr.trim())
        log.warn({ sandboxId: sandbox.id, stderr: stderr.trim().slice(0, 1000) }, 'a Daytona worker failed');
      reject(new Error(`the Daytona worker ended before it was ready (${why})`));
    });
  });
  return worker;
}
