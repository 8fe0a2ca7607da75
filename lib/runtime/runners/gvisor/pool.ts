import { log } from '@/lib/log';
import type { SandboxProcess } from './sandbox';

/** After a sandbox failed to start, the next start waits this long, doubling up to the max while starts fail. */
const RESTART_BACKOFF_MS = 1_000;
const RESTART_BACKOFF_MAX_MS = 30_000;

/**
 * A warm pool of sandboxes: `size` kept started and ready, handed out one run at a time (more runs wait their
 * turn, first come first served). A sandbox belongs to the first owner (an executable) it serves and serves no
 * other afterwards: a run takes an idle sandbox of its own owner or a fresh one; where only other owners'
 * sandboxes are idle, the longest idle of them is killed and a fresh one started in its place. Whenever a fresh
 * sandbox is taken, another is started ahead (in the place of the longest idle one when the pool is full), so the
 * next new owner's run finds one ready. A sandbox goes
 * back after its run unless it is to be recycled (it hit a limit, broke the protocol or served `runsPerSandbox`
 * runs); one that dies, busy or idle, is replaced. When sandboxes cannot start, waiting runs are refused one per
 * failed start rather than left waiting.
 */
export class SandboxPool {
  private idle: SandboxProcess[] = [];
  private busy = new Set<SandboxProcess>();
  private starting = 0;
  /** The owner each sandbox has served (a fresh sandbox has none yet). */
  private owners = new WeakMap<SandboxProcess, string>();
  private waiters: {
    owner: string;
    resolve: (s: SandboxProcess) => void;
    reject: (e: Error) => void;
  }[] = [];
  private retryAt = 0;
  private backoffMs = RESTART_BACKOFF_MS;
  private retryTimer: NodeJS.Timeout | null = null;
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
      this.retryTimer ??= setTimeout(() => {
        this.retryTimer = null;
        this.warm();
      }, wait).unref();
      return;
    }
    while (this.idle.length + this.busy.size + this.starting < this.size) {
      this.starting++;
      this.start().then(
        (sandbox) => {
          this.starting--;
          this.backoffMs = RESTART_BACKOFF_MS;
          void sandbox.ended.then(() => this.forget(sandbox));
          if (this.closed) sandbox.kill();
          else this.hand(sandbox);
        },
        (error: Error) => {
          this.starting--;
          if (this.closed) return; // killed by close() while it started
          this.retryAt = Date.now() + this.backoffMs;
          this.backoffMs = Math.min(this.backoffMs * 2, RESTART_BACKOFF_MAX_MS);
          log.error({ err: error }, 'a gVisor sandbox did not start');
          this.waiters.shift()?.reject(error);
          // the pool fills up again once starts work, whether or not runs wait meanwhile
          this.warm();
        },
      );
    }
  }

  /** A sandbox for a run of `owner`: one that served only `owner` before, or a fresh one. */
  acquire(owner: string): Promise<SandboxProcess> {
    // The longest idle first: its worker has had the most time to make its next isolate.
    let at = this.idle.findIndex((s) => this.owners.get(s) === owner);
    if (at < 0) at = this.idle.findIndex((s) => !this.owners.has(s));
    if (at >= 0) {
      const [ready] = this.idle.splice(at, 1) as [SandboxProcess];
      return Promise.resolve(this.take(ready, owner));
    }
    // Only other owners' sandboxes are idle (or none): unless enough fresh ones are starting for every waiting
    // run, the longest idle gives its place to a fresh one.
    if (this.starting <= this.waiters.length) this.idle.shift()?.kill();
    return new Promise((resolve, reject) => {
      this.waiters.push({ owner, resolve, reject });
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

  private take(sandbox: SandboxProcess, owner: string): SandboxProcess {
    const fresh = !this.owners.has(sandbox);
    this.owners.set(sandbox, owner);
    this.busy.add(sandbox);
    if (fresh) this.keepOneFresh();
    return sandbox;
  }

  /**
   * Keeps a fresh sandbox ready (or starting) for the next executable that has none of its own: when the pool is
   * full, the longest idle of the others' sandboxes gives its place. Runs of many executables then start warm
   * rather than waiting for a cold start; a pool of one has no room for it.
   */
  private keepOneFresh() {
    if (this.starting > 0 || this.idle.some((s) => !this.owners.has(s))) return;
    if (this.idle.length + this.busy.size >= this.size) {
      const victim = this.idle.shift();
      if (!victim) return;
      victim.kill();
    }
    this.warm();
  }

  /** A started or returned sandbox: to the first run that may have it, else idle (killed when others wait). */
  private hand(sandbox: SandboxProcess) {
    if (!sandbox.alive()) return;
    const owner = this.owners.get(sandbox);
    const at = this.waiters.findIndex((w) => owner === undefined || w.owner === owner);
    if (at >= 0) {
      const [waiter] = this.waiters.splice(at, 1);
      if (waiter) waiter.resolve(this.take(sandbox, waiter.owner));
    } else if (this.starting < this.waiters.length) {
      // Runs of other owners wait, more than the fresh sandboxes starting: its place goes to a fresh one.
      sandbox.kill();
      this.warm();
    } else this.idle.push(sandbox);
  }

  private forget(sandbox: SandboxProcess) {
    this.idle = this.idle.filter((s) => s !== sandbox);
    this.busy.delete(sandbox);
    this.warm();
  }
}
