// Callbacks on the engine's other paths: a submitted_unknown run that reconciliation confirms later gets its
// onSuccess then; a pending callback whose job was lost is queued again by the scheduler's sweep.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Db, getDb } from '@/db/client';
import { requeueStrandedCallbacks } from '@/lib/executions/callbacks';
import { stopEmbeddedJobs } from '@/lib/jobs/providers/embedded';
import { taskZip, upload } from '../support/bundles';
import { testStackChain } from '../support/chain';
import { createExe, exeBody, waitForExe } from '../support/executables';
import { newAddress, testDb, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { asUnknownSubmission, reconciled } from '../support/reconcile';
import { type RunWorld, runToEnd, runWorld, transfersTo } from '../support/runs';

/** Pays `args.to`; onSuccess counts its runs and keeps the last hash. */
const TASK = `export default { __tickworkTask: 1,
  run: async (ctx) => ({ canExec: true, calls: [{ to: ctx.args.to, data: '0x', value: '3' }] }),
  onSuccess: async (ctx, event) => {
    await ctx.storage.set('successes', ((await ctx.storage.get('successes')) ?? 0) + 1);
    await ctx.storage.set('hash', event.transactionHash);
  },
};\n`;

let w: RunWorld;
let db: Db;
beforeAll(async () => {
  process.env.DATABASE_URL = inject('databaseUrl'); // the reconciler and the sweep run in this process
  testStackChain(); // chain config and master key of the test stack
  db = getDb();
  w = await runWorld();
}, 60_000);

afterAll(async () => {
  await stopEmbeddedJobs();
  await db.$sql.end({ timeout: 5 });
});

async function exeWithOnSuccess() {
  const to = newAddress();
  const res = await upload(w.token, taskZip(TASK, { 'permissions.json': transfersTo(to) }), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `cbr-${uniq()}`,
    definedCallbacks: ['onSuccess'],
  });
  if (res.status !== 200) throw new Error(`upload: ${res.text}`);
  const body = exeBody({ ...w, functionId: res.body.taskId, secretId: '' }, { args: JSON.stringify({ to }) });
  const exe = await createExe(w.token, body);
  if (exe.status !== 201) throw new Error(`create: ${exe.text}`);
  return (await waitForExe(w.token, exe.body.data.id, (e) => e.state === 'active')).exe;
}

async function settled(id: string, executableId: string) {
  for (let i = 0; i < 300; i++) {
    const execution = (await api(`/api/v1/executions/${id}`, { token: w.token })).body.data;
    if (['succeeded', 'failed'].includes(execution.callback?.status)) {
      const storage = (await api(`/api/v1/executables/${executableId}/storage`, { token: w.token })).body
        .data;
      return { execution, storage };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the callback of ${id} did not end`);
}

describe('callbacks after reconciliation and lost jobs', () => {
  it('a run confirmed by reconciliation gets its onSuccess then', async () => {
    const exe = await exeWithOnSuccess();
    const { execution } = await runToEnd(w.token, exe.id);
    expect((await settled(execution.id, exe.id)).storage.value.successes).toBe(1);
    // as if its receipt had not come in time: unknown, no callback yet
    await asUnknownSubmission(execution);
    await testDb().$sql`update executions set callback = null where id = ${execution.id}`;

    const row = await reconciled(db, execution.id);
    expect(row.status).toBe('confirmed');
    const after = await settled(execution.id, exe.id);
    expect(after.execution.callback).toMatchObject({ name: 'onSuccess', status: 'succeeded' });
    expect(after.storage.value).toEqual({ successes: 2, hash: execution.txHash });
  });

  it('a callback still pending a minute after its execution ended is queued again', async () => {
    const exe = await exeWithOnSuccess();
    const { execution } = await runToEnd(w.token, exe.id);
    await settled(execution.id, exe.id);
    // its job lost: pending again, ended two minutes ago
    await testDb().$sql`
      update executions set finished_at = now() - interval '2 minutes',
             callback = jsonb_build_object('name', 'onSuccess', 'status', 'pending',
                                           'event', jsonb_build_object('transactionHash', tx_hash))
       where id = ${execution.id}`;
    expect(await requeueStrandedCallbacks(db)).toContain(execution.id);
    const after = await settled(execution.id, exe.id);
    expect(after.execution.callback.status).toBe('succeeded');
    expect(after.storage.value.successes).toBe(2);
  });
});
