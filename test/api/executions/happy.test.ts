import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { expectDataEnvelope, expectPageEnvelope, expectStatus } from '../../support/expect';
import { newProject, newWorkspace, testDb } from '../../support/fixtures';
import { api } from '../../support/http';
import { seedExecutable, seedExecutions, seedLogs } from '../../support/seed';

const EXECUTION_KEYS = [
  'blockNumber',
  'broadcasts',
  'callback',
  'calls',
  'chainId',
  'computeUnits',
  'createdAt',
  'dryRun',
  'durationMs',
  'effectiveGasPrice',
  'error',
  'executableId',
  'finishedAt',
  'functionId',
  'gasUsed',
  'id',
  'message',
  'projectId',
  'rpcRequests',
  'runner',
  'runnerVersion',
  'triggerEventId',
  'finality',
  'scheduledAt',
  'startedAt',
  'status',
  'trigger',
  'txHash',
  'userOpHash',
].sort();

async function setup(
  count: number,
  statuses?: NonNullable<Parameters<typeof seedExecutions>[2]>['statuses'],
) {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  const ids = await seedExecutions(exe, count, { statuses });
  return { owner, project, exe, ids };
}

/** Walks a paged list to the end; returns every page. */
async function walk(first: string, token: string) {
  const pages: any[] = [];
  let url = first;
  for (let guard = 0; guard < 100; guard++) {
    const res = await api(url, { token });
    expectStatus(res, 200);
    expectPageEnvelope(res);
    pages.push(res.body);
    if (res.body.pagination.isDone) return pages;
    url = `${first}&cursor=${encodeURIComponent(res.body.pagination.cursor)}`;
  }
  throw new Error('pagination did not finish');
}

describe('executions: happy paths', () => {
  it('walks 250 executions with limit 40: no duplicate, no gap, newest first, isDone only on the last page', async () => {
    const { owner, project, ids } = await setup(250);
    const pages = await walk(`/api/v1/executions?projectId=${project.id}&limit=40`, owner.token);
    expect(pages.map((p) => p.data.length)).toEqual([40, 40, 40, 40, 40, 40, 10]);
    expect(pages.map((p) => p.pagination.isDone)).toEqual([false, false, false, false, false, false, true]);
    const seen = pages.flatMap((p) => p.data.map((e: any) => e.id));
    expect(new Set(seen).size).toBe(250);
    expect(seen).toEqual([...ids].reverse());
    const created = pages.flatMap((p) => p.data.map((e: any) => Date.parse(e.createdAt)));
    for (let i = 1; i < created.length; i++) expect(created[i]).toBeLessThanOrEqual(created[i - 1]);
  });

  it('an exact multiple of the limit ends with isDone on the last full page (no empty extra page)', async () => {
    const { owner, project } = await setup(100);
    const pages = await walk(`/api/v1/executions?projectId=${project.id}&limit=50`, owner.token);
    expect(pages.map((p) => [p.data.length, p.pagination.isDone])).toEqual([
      [50, false],
      [50, true],
    ]);
  });

  it('limit defaults to 50 and goes up to 200', async () => {
    const { owner, project } = await setup(250);
    const byDefault = await api(`/api/v1/executions?projectId=${project.id}`, { token: owner.token });
    expect(byDefault.body.data).toHaveLength(50);
    expect(byDefault.body.pagination.isDone).toBe(false);
    const max = await api(`/api/v1/executions?projectId=${project.id}&limit=200`, { token: owner.token });
    expect(max.body.data).toHaveLength(200);
    const one = await api(`/api/v1/executions?projectId=${project.id}&limit=1`, { token: owner.token });
    expect(one.body.data).toHaveLength(1);
  });

  it('an empty project is one done page with an empty cursor', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const res = await api(`/api/v1/executions?projectId=${project.id}`, { token: owner.token });
    expectStatus(res, 200);
    expect(res.body).toEqual({ data: [], pagination: { cursor: '', isDone: true } });
  });

  it('new executions arriving during a walk do not shift the pages already walked', async () => {
    const { owner, project, exe, ids } = await setup(30);
    const first = await api(`/api/v1/executions?projectId=${project.id}&limit=10`, { token: owner.token });
    await seedExecutions(exe, 5, { startMs: Date.now() + 1000 });
    const second = await api(
      `/api/v1/executions?projectId=${project.id}&limit=10&cursor=${first.body.pagination.cursor}`,
      { token: owner.token },
    );
    expect(second.body.data.map((e: any) => e.id)).toEqual([...ids].reverse().slice(10, 20));
  });

  it('the status filter returns only that status, paged', async () => {
    const { owner, project } = await setup(90, ['confirmed', 'failed', 'skipped']);
    const pages = await walk(`/api/v1/executions?projectId=${project.id}&status=failed&limit=7`, owner.token);
    const rows = pages.flatMap((p) => p.data);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((e: any) => e.status))).toEqual(new Set(['failed']));
    const none = await api(`/api/v1/executions?projectId=${project.id}&status=running`, {
      token: owner.token,
    });
    expect(none.body).toEqual({ data: [], pagination: { cursor: '', isDone: true } });
  });

  it('lists only the project asked for', async () => {
    const owner = await newWorkspace();
    const p1 = await newProject(owner.workspaceId);
    const p2 = await newProject(owner.workspaceId);
    const e1 = await seedExecutions(await seedExecutable(owner.workspaceId, p1.id), 3);
    await seedExecutions(await seedExecutable(owner.workspaceId, p2.id), 4);
    const res = await api(`/api/v1/executions?projectId=${p1.id}`, { token: owner.token });
    expect(res.body.data.map((e: any) => e.id)).toEqual([...e1].reverse());
  });

  it('GET /executions/{id} → Object envelope with the execution record', async () => {
    const { owner, exe, ids } = await setup(1, ['confirmed']);
    await testDb().execute(sql`
      update executions set tx_hash = '0xabc', gas_used = '21000', effective_gas_price = '1000000000',
        block_number = 12, started_at = scheduled_at, finished_at = scheduled_at + interval '1500 milliseconds',
        calls = '[{"to":"0x0000000000000000000000000000000000000001","selector":"0xa9059cbb"}]'::jsonb,
        rpc_requests = 3, message = 'done'
      where id = ${ids[0]}`);
    const res = await api(`/api/v1/executions/${ids[0]}`, { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    const e = res.body.data;
    expect(Object.keys(e).sort()).toEqual(EXECUTION_KEYS);
    expect(e).toMatchObject({
      id: ids[0],
      projectId: exe.projectId,
      executableId: exe.executableId,
      functionId: exe.functionId,
      status: 'confirmed',
      trigger: 'schedule',
      dryRun: false,
      chainId: 31337,
      txHash: '0xabc',
      userOpHash: null,
      gasUsed: '21000',
      effectiveGasPrice: '1000000000',
      blockNumber: 12,
      computeUnits: 10,
      rpcRequests: 3,
      message: 'done',
      error: null,
      durationMs: 1500,
      calls: [{ to: '0x0000000000000000000000000000000000000001', selector: '0xa9059cbb' }],
    });
    // internal columns stay internal
    expect(res.text).not.toMatch(/workspaceId|storageSnapshot|nonce|"args"/);
  });

  it('a submitted_unknown execution is readable by id even though the list filter refuses that status', async () => {
    const { owner, ids } = await setup(1, ['submitted_unknown']);
    const res = await api(`/api/v1/executions/${ids[0]}`, { token: owner.token });
    expect(res.body.data.status).toBe('submitted_unknown');
  });

  it('GET /executions/{id}/logs → Array envelope in order', async () => {
    const { owner, ids } = await setup(2);
    await seedLogs(ids[0], [
      { level: 'info', message: 'start' },
      { level: 'debug', message: 'read', data: { block: 1 } },
      { level: 'warn', message: 'slow' },
      { level: 'error', message: 'boom', data: null },
    ]);
    await seedLogs(ids[1], [{ level: 'info', message: 'other execution' }]);
    const res = await api(`/api/v1/executions/${ids[0]}/logs`, { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(res.body.data.map((l: any) => [l.seq, l.level, l.message])).toEqual([
      [1, 'info', 'start'],
      [2, 'debug', 'read'],
      [3, 'warn', 'slow'],
      [4, 'error', 'boom'],
    ]);
    expect(res.body.data[1].data).toEqual({ block: 1 });
    for (const l of res.body.data)
      expect(Object.keys(l).sort()).toEqual(['at', 'data', 'level', 'message', 'seq']);
    const none = await api(`/api/v1/executions/${ids[1]}/logs`, { token: owner.token });
    expect(none.body.data).toHaveLength(1);
  });

  it('GET /executables/{id}/executions → Page of that executable only, walkable', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const a = await seedExecutable(owner.workspaceId, project.id);
    const b = await seedExecutable(owner.workspaceId, project.id);
    const idsA = await seedExecutions(a, 25);
    await seedExecutions(b, 10);
    const pages = await walk(`/api/v1/executables/${a.executableId}/executions?limit=10`, owner.token);
    expect(pages.map((p) => p.data.length)).toEqual([10, 10, 5]);
    expect(pages.flatMap((p) => p.data.map((e: any) => e.id))).toEqual([...idsA].reverse());
    const byDefault = await api(`/api/v1/executables/${a.executableId}/executions`, { token: owner.token });
    expectPageEnvelope(byDefault);
    expect(byDefault.body.data).toHaveLength(25);
    expect(byDefault.body.pagination.isDone).toBe(true);
  });
});
