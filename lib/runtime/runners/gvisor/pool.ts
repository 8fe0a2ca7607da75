import { log } from '@/lib/log';
import type { SandboxProcess } from './sandbox';

const RESTART_BACKOFF_MS = 1_000;

/**
 * A warm pool of sandboxes: `size` kept started and ready, handed out one run at a time (more runs wait their
 * turn, first come first served). A sandbox goes back after its run unless it is to be recycled (it hit a
 * limit, broke the protocol or served `runsPerSandbox` runs); one that dies, busy or idle, is replaced. When
 * sandboxes cannot start, waiting runs are refused one per failed start rather than left waiting.
 */
export class SandboxPool {
  private idle: SandboxProcess[] = [];
  private busy = new Set<SandboxProcess>();
  private starting = 0;
  private waiters: { resolve: (s: SandboxProcess) => void; reject: (e: Error) => void }[] = [];
  private retryAt = 0;
  private closed = false;

  constructor(
    private readonly start: () => Promise<SandboxProcess>,
    private readonly size: number,
    private readonly runsPerSandbox: number,
  ) {}

  /** Starts sandboxes until `size` are alive or starting. */
  warm(): void {
    if (this.closed) return;
    const wait = this.retryAt - Date.now();
    if (wait > 0) {
      setTimeout(() => this.warm(), wait).unref();
      return;
    }
    while (this.idle.length + this.busy.size + this.starting < this.size) {
      this.starting++;
      this.start().then(
        (sandbox) => {
          this.starting--;
          void sandbox.ended.then(() => this.forget(sandbox));
          if (this.closed) sandbox.kill();
          else this.hand(sandbox);
        },
        (error: Error) => {
          this.starting--;
          this.retryAt = Date.now() + RESTART_BACKOFF_MS;
          log.error({ err: error }, 'a gVisor sandbox did not start');
          this.waiters.shift()?.reject(error);
          if (this.waiters.length > 0) this.warm();
        },
      );
    }
  }

  acquire(): Promise<SandboxProcess> {
    // The longest idle first: its worker has had the most time to make its next isolate.
    const ready = this.idle.shift();
    if (ready) {
      this.busy.add(ready);
      return Promise.resolve(ready);
    }
    return new Promise((resolve, reject) => {
      this.waiters.push({ resolve, reject });
      this.warm();
    });
  }

  /** Gives a sandbox back after a run; `recycle` replaces it with a fresh one instead. */
  release(sandbox: SandboxProcess, recycle: boolean): void {
    this.busy.delete(sandbox);
    if (recycle || !sandbox.alive() || sandbox.runs >= this.runsPerSandbox) {
      sandbox.kill();
      this.warm();
      return;
    }
    this.hand(sandbox);
  }

  /** Sandboxes alive now (idle and busy), for tests and the metrics. */
  stats() {
    return { idle: this.idle.length, busy: this.busy.size, starting: this.starting };
  }

  close(): void {
    this.closed = true;
    for (const sandbox of [...this.idle, ...this.busy]) sandbox.kill();
    this.idle = [];
    this.busy.clear();
    for (const waiter of this.waiters.splice(0)) waiter.reject(new Error('the gVisor runner was closed'));
  }

  private hand(sandbox: SandboxProcess) {
    if (!sandbox.alive()) return;
    const waiter = this.waiters.shift();
    if (waiter) {
      this.busy.add(sandbox);
      waiter.resolve(sandbox);
    } else this.idle.push(sandbox);
  }

  private forget(sandbox: SandboxProcess) {
    this.idle = this.idle.filter((s) => s !== sandbox);
    this.busy.delete(sandbox);
    this.warm();
  }
}
