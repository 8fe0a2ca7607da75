import { InngestTestEngine } from '@inngest/test';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { getDb } from '@/db/client';
import { executables } from '@/db/schema';
import { newId } from '@/lib/ids';
import { runEmbedded, stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { INNGEST_FUNCTIONS } from '@/lib/jobs/providers/inngest';
import { BUNDLES, type ExeWorld, exeRow, exeWorld, uploadRelease } from '../support/executables';
import { testDb } from '../support/fixtures';

beforeAll(() => {
  // the workflows run in this process on the app's database
  process.env.DATABASE_URL = inject('databaseUrl');
});

afterAll(async () => {
  await stopEmbeddedJobs();
  await getDb().$sql.end({ timeout: 5 });
});

/** An executable row straight in the database: nothing is queued, so only this test runs its jobs. */
async function exeInState(
  w: ExeWorld,
  state: 'provisioning' | 'paused' | 'active',
  functionId = w.functionId,
) {
  const [row] = await testDb()
    .insert(executables)
    .values({
      id: newId('executable'),
      workspaceId: w.workspaceId,
      projectId: w.projectId,
      functionId,
      profileId: w.profileId,
      name: 'job-test',
      state,
      trigger: { type: 'interval', intervalMs: 60_000 },
    })
    .returning({ id: executables.id });
  return row.id;
}

const stepIds = (ctx: unknown) =>
  (ctx as { step: { run: { mock: { calls: unknown[][] } } } }).step.run.mock.calls.map((c) => c[0]);

describe('provision-executable: one workflow, two providers', () => {
  it('the Inngest function builds the sandbox: provisioning → active with a next run', async () => {
    const w = await exeWorld();
    const id = await exeInState(w, 'provisioning');
    const engine = new InngestTestEngine({ function: INNGEST_FUNCTIONS['provision-executable'] });
    const { result, error, ctx } = await engine.execute({
      events: [{ name: 'executable/provision.requested', data: { executableId: id } }] as never,
    });
    expect(error).toBeUndefined();
    expect(result).toEqual({ executableId: id, state: 'active' });
    expect(stepIds(ctx)).toEqual(['check-executable', 'build-sandbox', 'commit']);
    const row = await exeRow(id);
    expect(row.sandbox_ref).toMatch(/^isolate:[0-9a-f]{64}$/);
    expect(row.next_run_at).not.toBeNull();
  });

  it('the embedded runner runs the same workflow; a bad bundle ends in error with the reason', async () => {
    const w = await exeWorld();
    const bad = await uploadRelease(w, w.projectId, BUNDLES.noTask);
    const id = await exeInState(w, 'provisioning', bad);
    expect(await runEmbedded('executable/provision.requested', { executableId: id })).toEqual({
      executableId: id,
      state: 'error',
    });
    const row = await exeRow(id);
    expect(row.state).toBe('error');
    expect(row.state_reason).toMatch(/default export/);
  });

  it('is idempotent: an active executable is left alone; a checksum mismatch is an error', async () => {
    const w = await exeWorld();
    const active = await exeInState(w, 'active');
    expect(await runEmbedded('executable/provision.requested', { executableId: active })).toEqual({
      executableId: active,
      skipped: 'state active',
    });
    expect(await runEmbedded('executable/provision.requested', { executableId: 'exe_missing' })).toEqual({
      executableId: 'exe_missing',
      skipped: 'not found',
    });
    const fn = await uploadRelease(w, w.projectId, `${BUNDLES.textCodec}// tampered\n`);
    await testDb().$sql`update function_releases set checksum = ${'0'.repeat(64)} where id = ${fn}`;
    const id = await exeInState(w, 'provisioning', fn);
    await runEmbedded('executable/provision.requested', { executableId: id });
    expect((await exeRow(id)).state_reason).toMatch(/checksum/);
  });
});

describe('switch-executable-function', () => {
  it('commits the pending switch of this request only; a stale request id is skipped', async () => {
    const w = await exeWorld();
    const target = await uploadRelease(w, w.projectId);
    const id = await exeInState(w, 'paused');
    const pending = {
      functionId: target,
      args: '{"b":2}',
      requestId: 'req_job',
      requestedAt: new Date().toISOString(),
    };
    await testDb()
      .$sql`update executables set pending_function_switch = ${JSON.stringify(pending)}::jsonb where id = ${id}`;
    const engine = new InngestTestEngine({ function: INNGEST_FUNCTIONS['switch-executable-function'] });
    const stale = await engine.execute({
      events: [
        { name: 'executable/function-switch.requested', data: { executableId: id, requestId: 'req_old' } },
      ] as never,
    });
    expect(stale.result).toEqual({ executableId: id, skipped: 'no such pending switch' });
    const { result, ctx } = await new InngestTestEngine({
      function: INNGEST_FUNCTIONS['switch-executable-function'],
    }).execute({
      events: [
        { name: 'executable/function-switch.requested', data: { executableId: id, requestId: 'req_job' } },
      ] as never,
    });
    expect(result).toEqual({ executableId: id, committed: true });
    expect(stepIds(ctx)).toEqual(['check-switch', 'build-sandbox', 'commit-switch']);
    const row = await exeRow(id);
    expect(row).toMatchObject({
      function_id: target,
      args: '{"b":2}',
      pending_function_switch: null,
      state: 'paused',
    });
    expect(row.sandbox_ref).toMatch(/^isolate:/);
  });
});
