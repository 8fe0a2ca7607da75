import { StringDecoder } from 'node:string_decoder';
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
 * Splits a byte stream into lines and hands each parsed one on. Bytes are decoded as UTF-8 across chunks (a
 * character split between two chunks arrives whole). A line over `maxLineBytes` bytes (or one that is not JSON)
 * calls `onBad` and the rest of the stream is ignored: the other side is broken or hostile. Chunks given as
 * strings (a stream already decoding, the Daytona log socket) are taken as they are.
 */
export function lineReader(
  maxLineBytes: number,
  onMessage: (message: unknown) => void,
  onBad: (why: string) => void,
) {
  const decoder = new StringDecoder('utf8');
  let pending = '';
  /** UTF-8 bytes of `pending` (counted per chunk, so a long line costs no re-counting). */
  let pendingBytes = 0;
  let broken = false;
  return (chunk: Buffer | string) => {
    if (broken) return;
    const text = typeof chunk === 'string' ? chunk : decoder.write(chunk);
    let start = 0;
    let newline = text.indexOf('\n');
    while (newline >= 0) {
      const tail = text.slice(start, newline);
      const line = pending + tail;
      const bytes = pendingBytes + Buffer.byteLength(tail);
      pending = '';
      pendingBytes = 0;
      if (bytes > maxLineBytes) {
        broken = true;
        onBad(`a message over ${maxLineBytes} bytes`);
        return;
      }
      try {
        onMessage(JSON.parse(line));
      } catch {
        broken = true;
        onBad('a message that is not JSON');
        return;
      }
      if (broken) return;
      start = newline + 1;
      newline = text.indexOf('\n', start);
    }
    const rest = text.slice(start);
    pending += rest;
    pendingBytes += Buffer.byteLength(rest);
    if (pendingBytes > maxLineBytes) {
      broken = true;
      pending = '';
      onBad(`a message over ${maxLineBytes} bytes`);
    }
  };
}

export const line = (message: HostMessage | WorkerMessage) => `${JSON.stringify(message)}\n`;
