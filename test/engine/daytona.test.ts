// The Daytona runner end to end: a deployment of its own with DAYTONA_API_KEY and DAYTONA_API_URL pointing at a
// local Daytona stand-in (test/support/daytona-standin.ts). Creating an executable builds its sandbox there,
// runs execute in it (chain reads cross back to the app), a function switch replaces the sandbox and deleting
// the executable deletes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commitProvisioning } from '@/lib/executables/provision';
import { deleteProject } from '@/lib/projects/service';
import { createDaytonaRunner } from '@/lib/runtime/runners/daytona';
import { type DaytonaStandIn, startDaytonaStandIn } from '../support/daytona-standin';
import { deleteExe, exeAction, exeRow, uploadRelease, waitForExe } from '../support/executables';
import { newAddress, testDb } from '../support/fixtures';
import { api } from '../support/http';
import { balanceOf, type RunWorld, runnableExe, runToEnd, runWorld, transfersTo } from '../support/runs';
import { startTestStack, type TestStack } from '../support/stack';
import { useTarget } from '../support/target';

const API_KEY = 'dtn_e2e_standin_key_abcdef012345';

/** Reads the chain id through the host bridge, then pays `args.wei` to `args.to` (or skips). */
const TASK = `export default { __tickworkTask: 1, run: async (ctx) => {
  const chainId = await ctx.chain.request({ method: 'eth_chainId' });
  ctx.log.info('chain', chainId);
  if (ctx.args.skip) return { canExec: false, message: 'skipped in daytona' };
  return { canExec: true, message: 'paying', calls: [{ to: ctx.args.to, data: '0x', value: BigInt(ctx.args.wei) }] };
} };\n`;
const OTHER_TASK = `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: 'the other task' }) };\n`;

let standIn: DaytonaStandIn;
let stack: TestStack | undefined;
let w: RunWorld;

beforeAll(async () => {
  standIn = await startDaytonaStandIn({ apiKey: API_KEY });
  stack = await startTestStack({ env: { DAYTONA_API_KEY: API_KEY, DAYTONA_API_URL: standIn.apiUrl } });
  useTarget({
    baseUrl: stack.baseUrl,
    databaseUrl: stack.databaseUrl,
    rpcUrl: stack.rpcUrl,
    masterKey: stack.env.TICKWORK_MASTER_KEY as string,
  });
  w = await runWorld();
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await standIn?.stop();
});

const sandboxIdOf = async (executableId: string) => {
  const ref = (await exeRow(executableId)).sandbox_ref as string;
  expect(ref).toMatch(/^daytona:/);
  return ref.slice('daytona:'.length);
};
const sandboxesOf = (executableId: string) =>
  standIn.sandboxes().filter((s) => s.labels['tickwork-executable'] === executableId);

async function daytonaExe(args: Record<string, unknown>) {
  const to = newAddress();
  const exe = await runnableExe(w, TASK, {
    files: { 'permissions.json': transfersTo(to) },
    exe: { args: JSON.stringify({ to, wei: '4242', ...args }), sandboxRuntime: 'daytona' },
  });
  return { exe, to };
}

describe('the Daytona runner in the app', () => {
  it('builds the executable a Daytona sandbox, and its runs execute there and confirm on chain', async () => {
    const created = standIn.counters.created;
    const { exe, to } = await daytonaExe({});
    expect(exe).toMatchObject({ sandboxRuntime: 'daytona', sandboxRunner: 'daytona', state: 'active' });
    expect(standIn.counters.created).toBe(created + 1);
    const sandboxId = await sandboxIdOf(exe.id);
    expect(sandboxesOf(exe.id).map((s) => s.id)).toEqual([sandboxId]);

    const { execution, logs } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'confirmed', message: 'paying', runner: 'daytona' });
    expect(execution.runnerVersion).toBe('daytona tickwork-runner; sdk 0.218.0');
    expect(logs.map((l) => l.message)).toContain('chain 0x7a69');
    expect(await balanceOf(to)).toBe(4242n);
    expect(standIn.running(sandboxId)).toBe(1);
  });

  it('a skip runs in the sandbox too', async () => {
    const { exe } = await daytonaExe({ skip: true });
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'skipped', message: 'skipped in daytona', runner: 'daytona' });
  });

  it('a function switch builds a new sandbox and deletes the old one', async () => {
    const { exe } = await daytonaExe({ skip: true });
    const before = await sandboxIdOf(exe.id);
    expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
    const functionId = await uploadRelease(w, w.projectId, OTHER_TASK);
    const switched = await api(`/api/v1/executables/${exe.id}/function`, {
      method: 'PATCH',
      token: w.token,
      body: { functionId },
    });
    expect(switched.status).toBe(202);
    await waitForExe(w.token, exe.id, (e) => e.functionId === functionId && !e.pendingFunctionSwitch);
    const after = await sandboxIdOf(exe.id);
    expect(after).not.toBe(before);
    // The old sandbox is deleted right after the commit (best effort, in the same job step).
    await waitForStandIn(() => !standIn.sandboxes().some((s) => s.id === before));
    expect(sandboxesOf(exe.id).map((s) => s.id)).toEqual([after]);

    expect((await exeAction(w.token, exe.id, 'resume')).status).toBe(200);
    const { execution } = await runToEnd(w.token, exe.id);
    expect(execution).toMatchObject({ status: 'skipped', message: 'the other task', runner: 'daytona' });
  });

  it('deleting the executable deletes its sandbox', async () => {
    const { exe } = await daytonaExe({ skip: true });
    const sandboxId = await sandboxIdOf(exe.id);
    const deleted = standIn.counters.deleted;
    expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
    expect((await deleteExe(w.token, exe.id)).status).toBe(200);
    expect(standIn.sandboxes().some((s) => s.id === sandboxId)).toBe(false);
    expect(standIn.counters.deleted).toBe(deleted + 1);
  });

  it('deleting the project deletes the sandboxes of its executables', async () => {
    const other = await runWorld();
    const exe = await runnableExe(other, OTHER_TASK, { exe: { sandboxRuntime: 'daytona' } });
    const sandboxId = await sandboxIdOf(exe.id);
    expect((await exeAction(other.token, exe.id, 'pause')).status).toBe(200);
    // Projects are deleted in the console (a server action calling deleteProject); its discard runs here.
    process.env.DAYTONA_API_KEY = API_KEY;
    process.env.DAYTONA_API_URL = standIn.apiUrl;
    try {
      const answer = await deleteProject(testDb(), other.workspaceId, other.projectId);
      expect(answer).toMatchObject({ deletedExecutables: 1 });
      expect(answer).not.toHaveProperty('sandboxes');
    } finally {
      delete process.env.DAYTONA_API_KEY;
      delete process.env.DAYTONA_API_URL;
    }
    expect(standIn.sandboxes().some((s) => s.id === sandboxId)).toBe(false);
  }, 60_000);
});

describe('sandboxes replaced by a commit', () => {
  it('a build that is not committed frees its own sandbox; a committed one frees the previous; a repeated commit frees nothing', async () => {
    // The commit's discard runs in this process: it reaches the stand-in like the app does.
    process.env.DAYTONA_API_KEY = API_KEY;
    process.env.DAYTONA_API_URL = standIn.apiUrl;
    const local = createDaytonaRunner({
      apiKey: API_KEY,
      apiUrl: standIn.apiUrl,
      target: undefined,
      snapshot: 'tickwork-runner',
    });
    try {
      const { exe } = await daytonaExe({ skip: true });
      const first = await sandboxIdOf(exe.id);
      const build = async () =>
        (await local.build({ checksum: 'c', source: OTHER_TASK, executableId: exe.id })).ref;
      const plan = { functionId: exe.functionId, state: 'provisioning' as const };

      // The executable is active, not provisioning: the new sandbox is not committed and is deleted.
      const stray = await build();
      expect(await commitProvisioning(testDb(), exe.id, plan, { ok: true, ref: stray })).toEqual({
        state: null,
      });
      expect(standIn.sandboxes().map((s) => s.id)).not.toContain(stray.slice('daytona:'.length));
      expect(await sandboxIdOf(exe.id)).toBe(first);

      // Paused (a regenerate): the new sandbox is committed and the previous one deleted.
      expect((await exeAction(w.token, exe.id, 'pause')).status).toBe(200);
      const fresh = await build();
      const paused = { ...plan, state: 'paused' as const };
      expect(await commitProvisioning(testDb(), exe.id, paused, { ok: true, ref: fresh })).toEqual({
        state: 'paused',
      });
      expect(await sandboxIdOf(exe.id)).toBe(fresh.slice('daytona:'.length));
      expect(standIn.sandboxes().map((s) => s.id)).not.toContain(first);

      // The same commit again (a retried job step) finds its sandbox in place and deletes nothing.
      const deleted = standIn.counters.deleted;
      await commitProvisioning(testDb(), exe.id, paused, { ok: true, ref: fresh });
      expect(standIn.counters.deleted).toBe(deleted);
      expect(sandboxesOf(exe.id).map((s) => s.id)).toEqual([fresh.slice('daytona:'.length)]);
    } finally {
      local.close();
    }
  });
});

/** Polls the stand-in until `done` (the app deletes sandboxes in its job worker). */
async function waitForStandIn(done: () => boolean, timeoutMs = 10_000) {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error('the stand-in did not reach the expected state');
    await new Promise((r) => setTimeout(r, 50));
  }
}
