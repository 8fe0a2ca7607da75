// The gVisor warm pool's hand-out rules with stand-in sandboxes (no runsc): executable affinity, a fresh sandbox
// kept ready ahead of the next executable, recycling after N runs.
import { describe, expect, it } from 'vitest';
import { SandboxPool } from '@/lib/runtime/runners/gvisor/pool';
import type { SandboxProcess } from '@/lib/runtime/runners/gvisor/sandbox';

/** A pool over stand-in sandboxes that start when `startAll()` is called, as a slow runsc would. */
function poolOf(size: number, runsPerSandbox = 100) {
  let made = 0;
  const pending: (() => void)[] = [];
  const killed: string[] = [];
  const start = () =>
    new Promise<SandboxProcess>((resolve) => {
      const id = `sb${++made}`;
      let alive = true;
      let end: (why: string) => void = () => {};
      const ended = new Promise<string>((r) => {
        end = r;
      });
      pending.push(() =>
        resolve({
          id,
          runs: 0,
          capped: true,
          send() {},
          onMessage() {},
          ended,
          alive: () => alive,
          kill() {
            if (!alive) return;
            alive = false;
            killed.push(id);
            end('killed');
          },
        }),
      );
    });
  const pool = new SandboxPool(start, size, runsPerSandbox);
  const startAll = async () => {
    for (const go of pending.splice(0)) go();
    await new Promise((r) => setTimeout(r, 0));
  };
  /** Takes a sandbox for `owner`, runs nothing, gives it back. */
  const serve = async (owner: string) => {
    const sandbox = await pool.acquire(owner);
    sandbox.runs++;
    pool.release(sandbox, false);
    return sandbox.id;
  };
  return { pool, startAll, serve, killed, started: () => made };
}

describe('gVisor sandbox pool', () => {
  it('keeps a fresh sandbox ready for the next executable: interleaved executables never wait for a start', async () => {
    const p = poolOf(2);
    p.pool.warm();
    await p.startAll();
    expect(p.pool.stats()).toEqual({ idle: 2, busy: 0, starting: 0 });

    expect(await p.serve('exe_a')).toBe('sb1');
    // one fresh one (sb2) is still idle: nothing else starts
    expect(p.started()).toBe(2);
    expect(await p.serve('exe_b')).toBe('sb2');
    // sb2 was the last fresh one: the longest idle other (exe_a's sb1) makes way for sb3, starting ahead
    expect(p.killed).toEqual(['sb1']);
    expect(p.pool.stats()).toMatchObject({ starting: 1 });
    await p.startAll();
    expect(await p.serve('exe_c')).toBe('sb3');
    expect(p.killed).toEqual(['sb1', 'sb2']);
    // an executable keeps its own sandbox while it is in the pool
    expect(await p.serve('exe_c')).toBe('sb3');
    await p.startAll();
    expect(await p.serve('exe_d')).toBe('sb4');
    expect(p.started()).toBe(5);
  });

  it("never hands one executable's sandbox to another", async () => {
    const p = poolOf(1);
    p.pool.warm();
    await p.startAll();
    expect(await p.serve('exe_a')).toBe('sb1');
    const b = p.pool.acquire('exe_b');
    await p.startAll();
    expect((await b).id).toBe('sb2');
    expect(p.killed).toEqual(['sb1']);
  });

  it('replaces a sandbox after its last allowed run', async () => {
    const p = poolOf(1, 2);
    p.pool.warm();
    await p.startAll();
    expect(await p.serve('exe_a')).toBe('sb1');
    expect(await p.serve('exe_a')).toBe('sb1');
    expect(p.killed).toEqual(['sb1']);
    const next = p.pool.acquire('exe_a');
    await p.startAll();
    expect((await next).id).toBe('sb2');
  });

  it('fills up again after a failed start, with no run waiting', async () => {
    let fail = true;
    let made = 0;
    const start = async (): Promise<SandboxProcess> => {
      made++;
      if (fail) {
        fail = false;
        throw new Error('runsc: cannot create sandbox');
      }
      return {
        id: `sb${made}`,
        runs: 0,
        capped: true,
        send() {},
        onMessage() {},
        ended: new Promise<string>(() => {}),
        alive: () => true,
        kill() {},
      };
    };
    const pool = new SandboxPool(start, 1, 100);
    pool.warm();
    // the retry comes after a 1 s backoff: a generous deadline, as a loaded machine can be seconds late
    await waitFor(() => pool.stats().idle === 1, 20_000);
    expect(made).toBe(2);
    pool.close();
  });
});

async function waitFor(done: () => boolean, timeoutMs: number) {
  for (const until = Date.now() + timeoutMs; !done(); ) {
    if (Date.now() > until) throw new Error('not within the time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
