import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDaytonaRunner, type DaytonaRunner, sandboxIdOf } from '@/lib/runtime/runners/daytona';
import { SandboxBuildError } from '@/lib/runtime/runners/types';
import { ChainRequestError, type TaskHost, type TaskInput, type TaskOutcome } from '@/lib/runtime/task-types';
import { type DaytonaStandIn, startDaytonaStandIn } from '../support/daytona-standin';

// The Daytona runner against a local stand-in of Daytona's API (test/support/daytona-standin.ts): the real SDK,
// real HTTP and websockets, the real worker in a real node process per sandbox.

const API_KEY = 'dtn_standin_key_0123456789';

const task = (body: string) => `export default { __tickworkTask: 1, async run(ctx) {\n${body}\n} };`;

function input(source: string, over: Partial<TaskInput> = {}): TaskInput {
  return {
    source,
    args: { n: 2 },
    storage: { counter: 1 },
    secrets: { TOKEN: 'sekret-value-123456' },
    chainId: 31337,
    execution: {
      id: 'exn_daytona',
      executableId: 'exe_daytona',
      sender: '0x0000000000000000000000000000000000000001',
      trigger: 'manual',
      scheduledAt: '2026-01-01T00:00:00.000Z',
      dryRun: false,
    },
    ...over,
  };
}

function fakeHost(): TaskHost {
  return {
    chainRequest: vi.fn(async (method: string) => {
      if (method === 'eth_blockNumber') return '0x2a';
      throw new ChainRequestError(-32601, `method ${method} not found`);
    }),
    fetch: vi.fn(async (url: string) => ({ status: 200, statusText: 'OK', url, headers: [], body: 'pong' })),
  };
}

function errorOf(outcome: TaskOutcome) {
  if (outcome.kind !== 'error') throw new Error(`expected an error outcome, got ${JSON.stringify(outcome)}`);
  return outcome.error;
}

const SKIP = task(`await ctx.storage.set('counter', (await ctx.storage.get('counter')) + ctx.args.n);
  ctx.log.info('counted', ${'`'}${'$'}{await ctx.storage.get('counter')}${'`'});
  return { canExec: false, message: 'nothing to do' };`);
const EXEC = task(
  `return { canExec: true, calls: [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x', value: 7n }] };`,
);

let standIn: DaytonaStandIn;
let runner: DaytonaRunner;

const config = (apiKey = API_KEY) => ({
  apiKey,
  apiUrl: standIn.apiUrl,
  target: undefined,
  snapshot: 'tickwork-runner',
});

const build = (source: string, executableId = 'exe_daytona') =>
  runner.build({ checksum: `sha256-${executableId}`, source, executableId });

beforeAll(async () => {
  standIn = await startDaytonaStandIn({ apiKey: API_KEY });
  runner = createDaytonaRunner(config());
});

afterAll(async () => {
  runner?.close();
  await standIn?.stop();
});

describe('the Daytona runner (against the stand-in)', () => {
  let ref: string;
  let sandboxId: string;

  it('builds a sandbox per executable: labelled, no network, the worker uploaded, the bundle checked inside', async () => {
    const before = standIn.counters.created;
    ({ ref } = await build(SKIP, 'exe_one'));
    expect(ref).toMatch(/^daytona:[0-9a-f-]{36}$/);
    sandboxId = sandboxIdOf(ref) as string;
    expect(standIn.counters.created).toBe(before + 1);
    expect(standIn.sandboxes().find((s) => s.id === sandboxId)).toMatchObject({
      state: 'started',
      networkBlockAll: true,
      labels: { 'tickwork-executable': 'exe_one', 'tickwork-checksum': 'sha256-exe_one' },
    });
    expect(standIn.readFile(sandboxId, '/runner/worker.js')).toContain('isolated-vm');
    expect(standIn.running(sandboxId)).toBe(1);
  });

  it('runs a skip task in the sandbox: storage, logs and message come back', async () => {
    const outcome = await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref });
    expect(outcome).toMatchObject({ kind: 'skip', message: 'nothing to do', storage: { counter: 3 } });
    expect(outcome.logs.map((l) => l.message)).toEqual(['counted 3']);
  });

  it('large non-ASCII args and storage reach the worker over its stdin and come back byte for byte', async () => {
    const unit = 'aé€😀ß中\u{1F9EA}';
    const big = unit.repeat(Math.ceil(200_000 / Buffer.byteLength(unit)));
    const outcome = await runner.run(
      input(
        task(`await ctx.storage.set('echo', ctx.args.big + (await ctx.storage.get('kept')));
        return { canExec: false, message: 'ok' };`),
        { args: { big }, storage: { kept: big } },
      ),
      fakeHost(),
      { sandboxRef: ref },
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: 'ok' });
    expect(outcome.storage.echo).toBe(big + big);
  });

  it('runs an exec task: its calls come back', async () => {
    const outcome = await runner.run(input(EXEC), fakeHost(), { sandboxRef: ref });
    expect(outcome).toMatchObject({
      kind: 'exec',
      calls: [{ to: '0x000000000000000000000000000000000000dEaD', data: '0x', value: '7' }],
    });
  });

  it('answers chain and fetch requests through the host (counted there)', async () => {
    const host = fakeHost();
    const outcome = await runner.run(
      input(
        task(`const block = await ctx.chain.request({ method: 'eth_blockNumber' });
          const res = await fetch('https://example.test/ping');
          let refused = '';
          try { await ctx.chain.request({ method: 'eth_nope' }); } catch (e) { refused = e.message; }
          return { canExec: false, message: block + ' ' + (await res.text()) + ' ' + refused };`),
      ),
      host,
      { sandboxRef: ref },
    );
    expect(outcome).toMatchObject({ kind: 'skip', message: '0x2a pong method eth_nope not found' });
    expect(host.chainRequest).toHaveBeenCalledWith('eth_blockNumber', undefined);
    expect(host.fetch).toHaveBeenCalledTimes(1);
    expect(outcome.rpcRequests).toBe(2);
  });

  it('a throwing task ends as a task error, secrets redacted; the worker serves the next run', async () => {
    const outcome = await runner.run(
      input(task(`throw new Error('boom ' + ctx.secrets.TOKEN)`)),
      fakeHost(),
      {
        sandboxRef: ref,
      },
    );
    expect(errorOf(outcome).message).toContain('boom');
    expect(errorOf(outcome).message).not.toContain('sekret-value-123456');
    expect((await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).kind).toBe('skip');
  });

  it('a task over its time limit ends task_timeout and its worker is replaced', async () => {
    const before = standIn.counters.requests.filter((r) => r.endsWith('/exec')).length;
    const outcome = await runner.run(input(task('while (true) {}')), fakeHost(), {
      sandboxRef: ref,
      limits: { timeoutMs: 300 },
    });
    expect(errorOf(outcome).code).toBe('task_timeout');
    expect((await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).kind).toBe('skip');
    expect(standIn.counters.requests.filter((r) => r.endsWith('/exec')).length).toBe(before + 1);
    expect(standIn.running(sandboxId)).toBe(1);
  });

  it('a worker that hangs is killed at the wall (task_timeout) and the next run gets a fresh one', async () => {
    // The worker is frozen while its task waits for a chain answer: surely mid-run, however fast the machine (a
    // fixed sleep before freezing could come after the task had already finished).
    let frozen = 0;
    const host = fakeHost();
    host.chainRequest = vi.fn(async () => {
      frozen = standIn.freezeCommands(sandboxId);
      return '0x2a';
    });
    const ended = await runner.run(
      input(task(`await ctx.chain.request({ method: 'eth_blockNumber' }); return { canExec: false };`)),
      host,
      {
        sandboxRef: ref,
        limits: { timeoutMs: 500 },
      },
    );
    expect(frozen).toBe(1);
    // killed by the host at the wall: the frozen worker's own limit could not stop it
    expect(errorOf(ended)).toMatchObject({
      code: 'task_timeout',
      message: expect.stringMatching(/did not stop it: the sandbox was killed/),
    });
    expect(ended.storageChanged).toBe(false);
    expect((await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).kind).toBe('skip');
  });

  it('a worker killed mid-run fails that run runner_crashed; the next run restarts the worker', async () => {
    // Killed while its task waits for a chain answer: surely mid-run (a fixed sleep could come before the run
    // reached the worker, and a run that never reached it is rightly retried on a fresh worker).
    let killed = 0;
    const host = fakeHost();
    host.chainRequest = vi.fn(async () => {
      killed = standIn.killCommands(sandboxId);
      return '0x2a';
    });
    const ended = await runner.run(
      input(
        task(
          `await ctx.chain.request({ method: 'eth_blockNumber' }); await new Promise((r) => setTimeout(r, 5000)); return { canExec: false };`,
        ),
      ),
      host,
      {
        sandboxRef: ref,
      },
    );
    expect(killed).toBe(1);
    expect(errorOf(ended)).toMatchObject({ code: 'runner_crashed' });
    expect(errorOf(ended).message).toContain('Daytona sandbox stopped');
    expect(ended.storage).toEqual({ counter: 1 });
    expect((await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).kind).toBe('skip');
  });

  it('a stopped sandbox is started again for a run', async () => {
    standIn.stopSandbox(sandboxId);
    expect(standIn.sandboxes().find((s) => s.id === sandboxId)?.state).toBe('stopped');
    expect((await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).kind).toBe('skip');
    expect(standIn.sandboxes().find((s) => s.id === sandboxId)?.state).toBe('started');
  });

  it('runs of one sandbox at once are served one after the other', async () => {
    const outcomes = await Promise.all(
      [1, 2, 3].map((n) => runner.run(input(SKIP, { args: { n } }), fakeHost(), { sandboxRef: ref })),
    );
    expect(outcomes.map((o) => o.kind === 'skip' && o.storage.counter)).toEqual([2, 3, 4]);
  });

  it('a bundle that is not a task is a SandboxBuildError, and its sandbox is deleted', async () => {
    const before = { ...standIn.counters };
    const failed = build('export default 42;', 'exe_bad').catch((e: unknown) => e);
    const error = await failed;
    expect(error).toBeInstanceOf(SandboxBuildError);
    expect((error as Error).message).toMatch(/must export a task/);
    expect(standIn.counters.created).toBe(before.created + 1);
    expect(standIn.counters.deleted).toBe(before.deleted + 1);
    expect(standIn.sandboxes().some((s) => s.labels['tickwork-executable'] === 'exe_bad')).toBe(false);
  });

  it('a run without a Daytona sandbox, or with one that is gone, is runner_unavailable', async () => {
    for (const sandboxRef of [null, 'isolate:abc', 'daytona:00000000-0000-0000-0000-000000000000']) {
      const outcome = await runner.run(input(SKIP), fakeHost(), { sandboxRef });
      expect(errorOf(outcome).code).toBe('runner_unavailable');
    }
  });

  it('a wrong API key: builds throw and runs are runner_unavailable, naming neither key nor URL', async () => {
    const wrong = createDaytonaRunner(config('dtn_wrong_key_9876543210'));
    const before = standIn.counters.unauthorized;
    const outcome = await wrong.run(input(SKIP), fakeHost(), { sandboxRef: ref });
    expect(errorOf(outcome).code).toBe('runner_unavailable');
    expect(errorOf(outcome).message).toContain('401');
    const built = await wrong
      .build({ checksum: 'c', source: SKIP, executableId: 'exe_wrong' })
      .catch((e: Error) => e);
    expect(built).toBeInstanceOf(Error);
    expect(built).not.toBeInstanceOf(SandboxBuildError);
    for (const message of [errorOf(outcome).message, (built as Error).message]) {
      expect(message).not.toContain('dtn_wrong_key');
      expect(message).not.toContain(API_KEY);
      expect(message).not.toContain('127.0.0.1');
    }
    expect(standIn.counters.unauthorized).toBeGreaterThan(before);
    wrong.close();
  });

  it('discard deletes the sandbox; its runs are then runner_unavailable', async () => {
    const deleted = standIn.counters.deleted;
    await runner.discard?.(ref);
    expect(standIn.counters.deleted).toBe(deleted + 1);
    expect(standIn.sandboxes().some((s) => s.id === sandboxId)).toBe(false);
    expect(errorOf(await runner.run(input(SKIP), fakeHost(), { sandboxRef: ref })).code).toBe(
      'runner_unavailable',
    );
    await runner.discard?.(ref); // already gone: nothing to do
  });

  it('says what it is made of', async () => {
    expect(await runner.version()).toBe('daytona tickwork-runner; sdk 0.218.0');
  });
});
