import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeCgroup, warnUncapped } from './cgroup';
import type { GvisorConfig } from './config';
import { CGROUP_PREFIX, SCRATCH_PREFIX } from './leftovers';
import { type HostMessage, line, lineReader, type WorkerMessage } from './protocol';

// One gVisor sandbox: `runsc do` over the prepared root with a Node worker inside (worker.ts), spoken to over
// its stdin and stdout. The host kills it on any sign of trouble; the pool replaces it.

/** The largest message the host reads from a worker: storage (100 MiB) and logs fit with room to spare. */
const MAX_WORKER_LINE = 256 * 1024 * 1024;
const START_TIMEOUT_MS = 15_000;

export type SandboxProcess = {
  id: string;
  /** Runs served so far. */
  runs: number;
  /** Whether the cgroup caps (memory, CPU) apply to it. */
  capped: boolean;
  send(message: HostMessage): void;
  /** Called for each message until the sandbox ends; one listener at a time (the run using it). */
  onMessage(listener: ((message: WorkerMessage) => void) | null): void;
  /** Resolves when the sandbox process has ended, for whatever reason. */
  ended: Promise<string>;
  alive(): boolean;
  kill(): void;
};

/** The worker's path inside the sandbox's root (rootfs.ts puts it there). */
const WORKER_ENTRY = '/runner/worker.js';

/** The sandbox's runsc command: its flags, `do` over the root, and node running `entry` with a heap cap. */
function runscArgs(config: GvisorConfig, root: string, entry = WORKER_ENTRY): string[] {
  const heapMb = Math.max(64, Math.floor(config.memoryMb * 0.75));
  return [
    ...config.flags,
    // runsc would otherwise move the sandbox into a cgroup of its own, out of the capped one it was started in.
    '--ignore-cgroups',
    'do',
    '-root',
    root,
    '-cwd',
    '/',
    '/usr/bin/node',
    `--max-old-space-size=${heapMb}`,
    entry,
  ];
}

/**
 * Starts a sandbox and resolves once its worker says it is ready (rejects when it does not start). `entry` is
 * the worker unless a test starts a probe of the boundary in its place.
 */
export function startSandbox(
  config: GvisorConfig,
  root: string,
  entry = WORKER_ENTRY,
): Promise<SandboxProcess> {
  const id = `${CGROUP_PREFIX}${process.pid}-${randomBytes(4).toString('hex')}`;
  const { cgroup, why } = makeCgroup(id, config.memoryMb, config.cpus);
  if (why) warnUncapped(why);
  // The shell joins the cgroup, then becomes runsc: everything runsc starts is inside from the first instant.
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
  const cleanUp = () => {
    cgroup?.remove();
    fs.rmSync(scratch, { recursive: true, force: true });
  };
  const join = (cgroup?.procs ?? []).map((file) => `echo $$ > '${file}'`).join(' && ');
  const child: ChildProcess = spawn(
    '/bin/sh',
    [
      '-c',
      `${join ? `${join} && ` : ''}exec "$@"`,
      'sandbox',
      config.runsc,
      ...runscArgs(config, root, entry),
    ],
    // A clean environment: nothing of the app's (database URL, keys) reaches the sandbox.
    // runsc keeps the sandbox's bundle in TMPDIR: a directory of its own, removed when it ends however it ends.
    {
      env: { PATH: '/usr/bin:/bin', NODE_ENV: 'production', TMPDIR: scratch },
      cwd: '/',
      stdio: ['pipe', 'pipe', 'pipe'],
      detached: true,
    },
  );

  let listener: ((message: WorkerMessage) => void) | null = null;
  let ready: (() => void) | null = null;
  let alive = true;
  const ended = new Promise<string>((resolve) => {
    child.on('exit', (code, signal) => {
      alive = false;
      cleanUp();
      resolve(signal ? `killed by ${signal}` : `exited with ${code}`);
    });
    child.on('error', (error) => {
      alive = false;
      cleanUp();
      resolve(`could not start: ${error.message}`);
    });
  });
  const kill = () => {
    if (!alive || child.pid === undefined) return;
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  };
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    if (stderr.length < 4096) stderr += chunk.toString();
  });
  child.stdout?.on(
    'data',
    lineReader(
      MAX_WORKER_LINE,
      (message) => {
        const m = message as WorkerMessage;
        if (m?.t === 'ready') ready?.();
        else listener?.(m);
      },
      kill,
    ),
  );
  // A write to a sandbox that just died is not the host's failure: `ended` tells the run.
  child.stdin?.on('error', () => {});

  const sandbox: SandboxProcess = {
    id,
    runs: 0,
    capped: cgroup !== null,
    send: (message) => {
      if (alive) child.stdin?.write(line(message));
    },
    onMessage: (next) => {
      listener = next;
    },
    ended,
    alive: () => alive,
    kill,
  };
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      kill();
      reject(new Error(`the gVisor sandbox did not start within ${START_TIMEOUT_MS / 1000} s`));
    }, START_TIMEOUT_MS);
    ready = () => {
      clearTimeout(timer);
      resolve(sandbox);
    };
    void ended.then((why) => {
      clearTimeout(timer);
      reject(
        new Error(
          `the gVisor sandbox ${why} before it was ready${stderr ? `: ${stderr.trim().slice(0, 300)}` : ''}`,
        ),
      );
    });
  });
}
