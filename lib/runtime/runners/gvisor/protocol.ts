import type { TaskLimits } from '../../task-runner/limits';
import type { HostFetchInit, TaskInput, TaskOutcome } from '../../task-types';

// The messages between the host and the worker inside a gVisor sandbox: one JSON object per line, over the
// sandbox's stdin (host → worker) and stdout (worker → host). The worker has no other way out: no network, no
// host files. Every policy (network, chain methods, request limits) stays with the host, which answers the
// worker's chain and fetch requests through the run's TaskHost.

/** Host → worker. */
export type HostMessage =
  | { t: 'run'; id: number; input: TaskInput; limits: TaskLimits }
  | { t: 'build'; id: number; source: string }
  | { t: 'answer'; id: number; ok: true; result: unknown }
  | { t: 'answer'; id: number; ok: false; error: { code?: number; message: string; data?: unknown } };

/** Worker → host. Request ids are the worker's own, apart from the host's run and build ids. */
export type WorkerMessage =
  | { t: 'ready' }
  | { t: 'done'; id: number; outcome: TaskOutcome }
  | { t: 'built'; id: number; error: string | null }
  | { t: 'chain'; id: number; method: string; params: unknown }
  | { t: 'fetch'; id: number; url: string; init: HostFetchInit };

/**
 * Splits a byte stream into lines and hands each parsed one on. A line over `maxLineBytes` (or one that is
 * not JSON) calls `onBad` and the rest of the stream is ignored: the other side is broken or hostile.
 */
export function lineReader(
  maxLineBytes: number,
  onMessage: (message: unknown) => void,
  onBad: (why: string) => void,
) {
  let pending = '';
  let broken = false;
  return (chunk: Buffer | string) => {
    if (broken) return;
    pending += chunk.toString();
    let newline = pending.indexOf('\n');
    while (newline >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      try {
        onMessage(JSON.parse(line));
      } catch {
        broken = true;
        onBad('a message that is not JSON');
        return;
      }
      newline = pending.indexOf('\n');
    }
    if (pending.length > maxLineBytes) {
      broken = true;
      onBad(`a message over ${maxLineBytes} bytes`);
    }
  };
}

export const line = (message: HostMessage | WorkerMessage) => `${JSON.stringify(message)}\n`;
