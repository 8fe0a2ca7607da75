import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { blobs, executables, functionReleases } from '@/db/schema';
import { newId } from '@/lib/ids';
import {
  blobCount,
  makeZip,
  releaseRows,
  sha256,
  TASK_SOURCE,
  taskZip,
  upload,
  workspaceReleaseCount,
} from '../../support/bundles';
import { expectDataEnvelope, expectError, expectPageEnvelope, expectStatus } from '../../support/expect';
import { newMember, newProject, newWorkspace, testDb, uniq } from '../../support/fixtures';
import { api } from '../../support/http';
import { idAt, seedExecutable } from '../../support/seed';

const PERMISSIONS = {
  calls: [
    {
      to: '0x000000000000000000000000000000000000dEaD',
      functions: ['transfer(address,uint256)', '0xa9059cbb'],
    },
  ],
};
const ARGS_SCHEMA = JSON.stringify({
  type: 'object',
  properties: { threshold: { type: 'integer', minimum: 0 } },
  required: ['threshold'],
});
const RELEASE_KEYS = [
  'checksum',
  'createdAt',
  'defaultArgs',
  'definedCallbacks',
  'deletedAt',
  'id',
  'limits',
  'name',
  'permissions',
  'projectId',
  'schema',
  'size',
  'state',
  'versionTag',
];

/** A distinct, valid bundle per call. */
const distinctZip = (label = uniq()) => taskZip(`${TASK_SOURCE}// ${label}\n`);

async function setup(plan: 'free' | 'pro' = 'free') {
  const owner = await newWorkspace({ plan });
  const project = await newProject(owner.workspaceId);
  const fields = (taskName: string, extra: Record<string, unknown> = {}) => ({
    workspaceId: owner.workspaceId,
    projectId: project.id,
    taskName,
    ...extra,
  });
  return { owner, project, fields };
}

const getRelease = (token: string, id: string) => api(`/api/v1/functions/${id}`, { token });

describe('functions: upload', () => {
  it('a new name becomes v1: 200 { taskId, versionTag, created } and the release carries every field', async () => {
    const { owner, project, fields } = await setup();
    const zip = taskZip(TASK_SOURCE, { 'permissions.json': JSON.stringify(PERMISSIONS) });
    const res = await upload(
      owner.token,
      zip,
      fields('counter', { schema: ARGS_SCHEMA, definedCallbacks: ['onSuccess', 'onFail'] }),
    );
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).toEqual(['created', 'taskId', 'versionTag']);
    expect(res.body).toEqual({ taskId: expect.stringMatching(/^fn_/), versionTag: 'v1', created: true });

    const got = await getRelease(owner.token, res.body.taskId);
    expectStatus(got, 200);
    expectDataEnvelope(got);
    expect(Object.keys(got.body.data).sort()).toEqual(RELEASE_KEYS);
    expect(got.body.data).toEqual({
      id: res.body.taskId,
      projectId: project.id,
      name: 'counter',
      versionTag: 'v1',
      checksum: sha256(zip),
      size: zip.length,
      schema: ARGS_SCHEMA,
      definedCallbacks: ['onSuccess', 'onFail'],
      permissions: PERMISSIONS,
      limits: null,
      defaultArgs: null,
      state: 'active',
      createdAt: expect.any(String),
      deletedAt: null,
    });
    expect(Date.now() - Date.parse(got.body.data.createdAt)).toBeLessThan(60_000);

    const rows = await releaseRows(project.id);
    expect(rows.map((r) => [r.id, r.name, r.version_tag, r.checksum])).toEqual([
      [res.body.taskId, 'counter', 'v1', sha256(zip)],
    ]);
    expect(await blobCount(zip)).toBe(1);
  });

  it('without schema, callbacks or permissions.json the release has null / [] / null', async () => {
    const { owner, fields } = await setup();
    const res = await upload(owner.token, taskZip(), fields('bare'));
    expectStatus(res, 200);
    const got = (await getRelease(owner.token, res.body.taskId)).body.data;
    expect([got.schema, got.definedCallbacks, got.permissions]).toEqual([null, [], null]);
  });

  it("a ZIP's own schema.json (a plain JSON Schema) is the args schema; a given schema wins over it", async () => {
    const { owner, fields } = await setup('pro');
    const bundled = await upload(
      owner.token,
      taskZip(TASK_SOURCE, { 'schema.json': ARGS_SCHEMA }),
      fields('zs'),
    );
    expectStatus(bundled, 200);
    expect((await getRelease(owner.token, bundled.body.taskId)).body.data.schema).toBe(ARGS_SCHEMA);
    const given = JSON.stringify({ type: 'object' });
    const both = await upload(
      owner.token,
      taskZip(TASK_SOURCE, { 'schema.json': ARGS_SCHEMA }),
      fields('zs2', { schema: given }),
    );
    expect((await getRelease(owner.token, both.body.taskId)).body.data.schema).toBe(given);
    const broken = await upload(
      owner.token,
      taskZip(TASK_SOURCE, { 'schema.json': '{ nope' }),
      fields('zs3'),
    );
    expectError(broken, 400, 'invalid_schema');
  });

  it("a new version without a schema keeps the newest version's; one with a schema replaces it", async () => {
    const { owner, fields } = await setup('pro');
    await upload(owner.token, taskZip(), fields('keeps', { schema: ARGS_SCHEMA }));
    const v2 = await upload(owner.token, distinctZip(), fields('keeps', { versionTag: 'v2' }));
    expect((await getRelease(owner.token, v2.body.taskId)).body.data.schema).toBe(ARGS_SCHEMA);
    const other = JSON.stringify({ type: 'object', required: ['x'] });
    const v3 = await upload(owner.token, distinctZip(), fields('keeps', { versionTag: 'v3', schema: other }));
    expect((await getRelease(owner.token, v3.body.taskId)).body.data.schema).toBe(other);
    const v4 = await upload(owner.token, distinctZip(), fields('keeps', { versionTag: 'v4' }));
    expect((await getRelease(owner.token, v4.body.taskId)).body.data.schema).toBe(other);
  });

  it('the checksum is accepted in upper case too', async () => {
    const { owner, fields } = await setup();
    const zip = taskZip();
    const res = await upload(owner.token, zip, fields('upper', { checkSum: sha256(zip).toUpperCase() }));
    expectStatus(res, 200);
    expect((await getRelease(owner.token, res.body.taskId)).body.data.checksum).toBe(sha256(zip));
  });

  it('an explicit tag on a new name is used instead of v1; 32-character tags and . _ - are fine', async () => {
    const { owner, fields } = await setup('pro');
    for (const tag of ['2024.01.rc-1', '0', 'a'.repeat(32), 'x_y']) {
      const res = await upload(owner.token, distinctZip(), fields(`tagged-${uniq()}`, { versionTag: tag }));
      expectStatus(res, 200);
      expect(res.body).toMatchObject({ versionTag: tag, created: true });
    }
  });

  it('a repeat of the same active name, tag and checksum returns the existing release (created false)', async () => {
    const { owner, project, fields } = await setup();
    const zip = taskZip();
    const first = await upload(owner.token, zip, fields('same', { versionTag: 'v3' }));
    expect(first.body).toEqual({ taskId: expect.any(String), versionTag: 'v3', created: true });
    for (let i = 0; i < 2; i++) {
      const again = await upload(owner.token, zip, fields('same', { versionTag: 'v3' }));
      expectStatus(again, 200);
      expect(again.body).toEqual({ taskId: first.body.taskId, versionTag: 'v3', created: false });
    }
    expect(await releaseRows(project.id)).toHaveLength(1);
    expect(await blobCount(zip)).toBe(1);
  });

  it('later versions of a name need a tag; the same bytes may live under several tags and share one blob', async () => {
    const { owner, project, fields } = await setup('pro');
    const zip = taskZip();
    const v1 = await upload(owner.token, zip, fields('multi'));
    const v2 = await upload(owner.token, distinctZip(), fields('multi', { versionTag: 'v2' }));
    const v3 = await upload(owner.token, zip, fields('multi', { versionTag: 'v3' }));
    expect([v1.body, v2.body, v3.body].map((b) => [b.versionTag, b.created])).toEqual([
      ['v1', true],
      ['v2', true],
      ['v3', true],
    ]);
    expect(new Set([v1.body.taskId, v2.body.taskId, v3.body.taskId]).size).toBe(3);
    const rows = await releaseRows(project.id);
    expect(rows.map((r) => r.version_tag)).toEqual(['v1', 'v2', 'v3']);
    expect(rows[0].blob_id).toBe(rows[2].blob_id);
    expect(rows[1].blob_id).not.toBe(rows[0].blob_id);
    expect(await blobCount(zip)).toBe(1);
  });

  it('the same name in another project is independent and defaults to v1 again', async () => {
    const { owner, fields } = await setup('pro');
    const other = await newProject(owner.workspaceId);
    await upload(owner.token, taskZip(), fields('shared'));
    const res = await upload(owner.token, taskZip(), { ...fields('shared'), projectId: other.id });
    expect(res.body).toMatchObject({ versionTag: 'v1', created: true });
  });

  it('an admin may upload, and an unbound key names its workspace with X-Workspace-Id', async () => {
    const { owner, fields } = await setup('pro');
    const admin = await newMember(owner.workspaceId, { role: 'admin' });
    expect((await upload(admin.token, distinctZip(), fields('by-admin'))).status).toBe(200);
    const unbound = await newMember(owner.workspaceId, { role: 'owner', unbound: true });
    const res = await upload(unbound.token, distinctZip(), fields('by-unbound'), {
      'x-workspace-id': owner.workspaceId,
    });
    expectStatus(res, 200);
    expect(res.body.created).toBe(true);
  });

  it('Idempotency-Key is not used: the same key with different bodies creates both releases', async () => {
    const { owner, project, fields } = await setup();
    const headers = { 'idempotency-key': `up-${uniq()}` };
    const a = await upload(owner.token, distinctZip(), fields('idem-a'), headers);
    const b = await upload(owner.token, distinctZip(), fields('idem-b'), headers);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.headers.get('idempotency-replayed')).toBeNull();
    expect(b.body.taskId).not.toBe(a.body.taskId);
    expect(b.body.created).toBe(true);
    // an over-long key is not even validated on this route
    const c = await upload(owner.token, distinctZip(), fields('idem-c'), {
      'idempotency-key': 'k'.repeat(200),
    });
    expect(c.status, c.text).toBe(200);
    expect((await releaseRows(project.id)).map((r) => r.name).sort()).toEqual(['idem-a', 'idem-b', 'idem-c']);
  });
});

describe('functions: Free plan upload limit', () => {
  it('3 uploads per cycle; the 4th is 403 plan_limit_exceeded, repeats are free and nothing is written', async () => {
    const { owner, project, fields } = await setup('free');
    const zips = [distinctZip(), distinctZip(), distinctZip()];
    for (const [i, zip] of zips.entries()) {
      expect((await upload(owner.token, zip, fields(`f${i}`))).status).toBe(200);
    }
    // a repeat that finds the existing release does not count and still works at the limit
    const repeat = await upload(owner.token, zips[0], fields('f0', { versionTag: 'v1' }));
    expect(repeat.body).toMatchObject({ created: false });

    const fourth = distinctZip();
    const res = await upload(owner.token, fourth, fields('f3'));
    expectError(res, 403, 'plan_limit_exceeded');
    expect(res.body).toMatchObject({ limit: 3, used: 3 });
    expect(await releaseRows(project.id)).toHaveLength(3);
    expect(await blobCount(fourth)).toBe(0);

    const usage = await api('/api/v1/usage', { token: owner.token });
    expect(usage.body.data.functionUploads).toEqual({ used: 3, limit: 3 });
  });

  it('deleted releases still count; copies count too', async () => {
    const { owner, project, fields } = await setup('free');
    const target = await newProject(owner.workspaceId);
    const a = await upload(owner.token, distinctZip(), fields('d0'));
    await api(`/api/v1/functions/${a.body.taskId}`, { method: 'DELETE', token: owner.token });
    const b = await upload(owner.token, distinctZip(), fields('d1'));
    const copy = await api(`/api/v1/functions/${b.body.taskId}/copy`, {
      method: 'POST',
      token: owner.token,
      body: { targetProjectId: target.id },
    });
    expect(copy.status, copy.text).toBe(201);
    expectError(await upload(owner.token, distinctZip(), fields('d2')), 403, 'plan_limit_exceeded');
    const copy2 = await api(`/api/v1/functions/${b.body.taskId}/copy`, {
      method: 'POST',
      token: owner.token,
      body: { targetProjectId: project.id, name: 'other-name' },
    });
    expectError(copy2, 403, 'plan_limit_exceeded');
    // the identical copy already exists: 200, not a new upload
    const again = await api(`/api/v1/functions/${b.body.taskId}/copy`, {
      method: 'POST',
      token: owner.token,
      body: { targetProjectId: target.id, versionTag: 'v1' },
    });
    expect(again.status, again.text).toBe(200);
    expect(again.body.data.id).toBe(copy.body.data.id);
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(3);
  });

  it('uploads of an earlier cycle do not count', async () => {
    const { owner, project, fields } = await setup('free');
    for (let i = 0; i < 3; i++) await upload(owner.token, distinctZip(), fields(`old${i}`));
    const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 0, 12));
    await testDb()
      .update(functionReleases)
      .set({ createdAt: lastMonth })
      .where(eq(functionReleases.projectId, project.id));
    expect((await upload(owner.token, distinctZip(), fields('new'))).status).toBe(200);
  });

  it('the Pro plan has no upload limit', async () => {
    const { owner, fields } = await setup('pro');
    for (let i = 0; i < 5; i++) {
      const res = await upload(owner.token, distinctZip(), fields(`p${i}`));
      expect(res.status, res.text).toBe(200);
    }
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(5);
  });
});

describe('functions: list', () => {
  it('lists the active releases of a project, newest first, in the Page envelope', async () => {
    const { owner, project, fields } = await setup('pro');
    const other = await newProject(owner.workspaceId);
    const a = await upload(owner.token, distinctZip(), fields('alpha'));
    const b = await upload(owner.token, distinctZip(), fields('beta'));
    const c = await upload(owner.token, distinctZip(), fields('alpha', { versionTag: 'v2' }));
    await upload(owner.token, distinctZip(), { ...fields('elsewhere'), projectId: other.id });

    const res = await api(`/api/v1/functions?projectId=${project.id}`, { token: owner.token });
    expectStatus(res, 200);
    expectPageEnvelope(res);
    expect(res.body.data.map((r: any) => r.id)).toEqual([c.body.taskId, b.body.taskId, a.body.taskId]);
    expect(res.body.data.map((r: any) => `${r.name}@${r.versionTag}`)).toEqual([
      'alpha@v2',
      'beta@v1',
      'alpha@v1',
    ]);
    expect(res.body.pagination.isDone).toBe(true);
    for (const r of res.body.data) expect(Object.keys(r).sort()).toEqual(RELEASE_KEYS);
  });

  it('an empty project: [] with isDone and an empty cursor', async () => {
    const { owner, project } = await setup();
    const res = await api(`/api/v1/functions?projectId=${project.id}`, { token: owner.token });
    expect(res.body).toEqual({ data: [], pagination: { cursor: '', isDone: true } });
  });

  it('the name filter lists that name only and adds versionReservation (deleted tags stay reserved)', async () => {
    const { owner, project, fields } = await setup('pro');
    const v1 = await upload(owner.token, distinctZip(), fields('res'));
    const v2 = await upload(owner.token, distinctZip(), fields('res', { versionTag: 'v2' }));
    const beta = await upload(owner.token, distinctZip(), fields('res', { versionTag: 'beta' }));
    await upload(owner.token, distinctZip(), fields('unrelated', { versionTag: 'v9' }));
    await api(`/api/v1/functions/${v2.body.taskId}`, { method: 'DELETE', token: owner.token });

    const res = await api(`/api/v1/functions?projectId=${project.id}&name=res`, { token: owner.token });
    expectStatus(res, 200);
    expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination', 'versionReservation']);
    expect(res.body.data.map((r: any) => r.id)).toEqual([beta.body.taskId, v1.body.taskId]);
    expect(res.body.versionReservation).toEqual({
      name: 'res',
      reservedVersionTags: ['latest', 'beta', 'v1', 'v2'],
      suggestedVersionTag: 'v3',
    });
  });

  it('the name filter on an unused name: no releases, only latest reserved, v1 suggested', async () => {
    const { owner, project } = await setup();
    const res = await api(`/api/v1/functions?projectId=${project.id}&name=nothing`, { token: owner.token });
    expect(res.body).toEqual({
      data: [],
      pagination: { cursor: '', isDone: true },
      versionReservation: { name: 'nothing', reservedVersionTags: ['latest'], suggestedVersionTag: 'v1' },
    });
  });

  it('walks 60 releases with limit 7: every release exactly once, newest first, isDone only on the last page', async () => {
    const { owner, project } = await setup('pro');
    const db = testDb();
    const [blob] = await db
      .insert(blobs)
      .values({ id: newId('blob'), sha256: sha256(Buffer.from(uniq())), size: 123, bytes: taskZip() })
      .returning();
    const start = Date.now() - 10 * 60_000;
    const rows = Array.from({ length: 60 }, (_, i) => ({
      id: idAt('functionRelease', start + i * 1000),
      workspaceId: owner.workspaceId,
      projectId: project.id,
      name: `fn-${i % 4}`,
      versionTag: `v${i}`,
      checksum: blob.sha256,
      blobId: blob.id,
      createdAt: new Date(start + i * 1000),
    }));
    await db.insert(functionReleases).values(rows);
    // a deleted one in the middle is skipped
    await db
      .update(functionReleases)
      .set({ deletedAt: new Date() })
      .where(eq(functionReleases.id, rows[30].id));
    const expected = rows
      .filter((_, i) => i !== 30)
      .map((r) => r.id)
      .reverse();

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    for (;;) {
      const qs = new URLSearchParams({ projectId: project.id, limit: '7', ...(cursor && { cursor }) });
      const res = await api(`/api/v1/functions?${qs}`, { token: owner.token });
      expectStatus(res, 200);
      expectPageEnvelope(res);
      pages++;
      seen.push(...res.body.data.map((r: any) => r.id));
      if (res.body.pagination.isDone) {
        expect(res.body.data).toHaveLength(59 % 7);
        break;
      }
      expect(res.body.data).toHaveLength(7);
      cursor = res.body.pagination.cursor;
      expect(pages).toBeLessThan(20);
    }
    expect(pages).toBe(9);
    expect(seen).toEqual(expected);
    expect(seen.every((id) => id !== rows[30].id)).toBe(true);
    expect(
      (await api(`/api/v1/functions?projectId=${project.id}&limit=200`, { token: owner.token })).body.data,
    ).toHaveLength(59);
  });

  it('a page that ends exactly on the last release is isDone (no empty extra page); default limit is 50', async () => {
    const { owner, project, fields } = await setup('pro');
    for (let i = 0; i < 4; i++) await upload(owner.token, distinctZip(), fields(`e${i}`));
    const first = await api(`/api/v1/functions?projectId=${project.id}&limit=2`, { token: owner.token });
    expect(first.body.pagination.isDone).toBe(false);
    const second = await api(
      `/api/v1/functions?projectId=${project.id}&limit=2&cursor=${first.body.pagination.cursor}`,
      { token: owner.token },
    );
    expect(second.body.data).toHaveLength(2);
    expect(second.body.pagination.isDone).toBe(true);
    const all = await api(`/api/v1/functions?projectId=${project.id}`, { token: owner.token });
    expect(all.body.data.map((r: any) => r.name)).toEqual(['e3', 'e2', 'e1', 'e0']);
  });

  it('a member can list and read releases', async () => {
    const { owner, project, fields } = await setup();
    const up = await upload(owner.token, taskZip(), fields('readable'));
    const member = await newMember(owner.workspaceId, { role: 'member' });
    const list = await api(`/api/v1/functions?projectId=${project.id}`, { token: member.token });
    expect(list.body.data.map((r: any) => r.id)).toEqual([up.body.taskId]);
    expect((await getRelease(member.token, up.body.taskId)).status).toBe(200);
    expect((await api(`/api/v1/functions/${up.body.taskId}/source`, { token: member.token })).status).toBe(
      200,
    );
  });
});

describe('functions: delete', () => {
  it('soft delete: 200 with state deleted; GET still answers; the list hides it; a second DELETE is 404', async () => {
    const { owner, project, fields } = await setup();
    const zip = taskZip();
    const up = await upload(owner.token, zip, fields('gone'));
    const del = await api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token });
    expectStatus(del, 200);
    expectDataEnvelope(del);
    expect(del.body.data).toMatchObject({
      id: up.body.taskId,
      name: 'gone',
      versionTag: 'v1',
      state: 'deleted',
      deletedAt: expect.any(String),
      size: zip.length,
    });

    const got = await getRelease(owner.token, up.body.taskId);
    expectStatus(got, 200);
    expect(got.body.data).toMatchObject({ state: 'deleted', deletedAt: del.body.data.deletedAt });
    const list = await api(`/api/v1/functions?projectId=${project.id}`, { token: owner.token });
    expect(list.body.data).toEqual([]);

    expectError(
      await api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token }),
      404,
      'not_found',
    );
    // still in the database (soft), the blob too
    const rows = await releaseRows(project.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].deleted_at).not.toBeNull();
    expect(await blobCount(zip)).toBe(1);
  });

  it('a deleted tag stays reserved: same tag → 409 version_tag_conflict (even with the same code)', async () => {
    const { owner, fields } = await setup('pro');
    const zip = taskZip();
    const up = await upload(owner.token, zip, fields('reserved'));
    await api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token });
    for (const bytes of [zip, distinctZip()]) {
      const res = await upload(owner.token, bytes, fields('reserved', { versionTag: 'v1' }));
      expectError(res, 409, 'version_tag_conflict');
      expect(res.body).toMatchObject({ reservedVersionTags: ['latest', 'v1'], suggestedVersionTag: 'v2' });
    }
    const noTag = await upload(owner.token, zip, fields('reserved'));
    expectError(noTag, 400, 'version_tag_required');
    expect(noTag.body).toMatchObject({ reservedVersionTags: ['latest', 'v1'], suggestedVersionTag: 'v2' });
    const v2 = await upload(owner.token, zip, fields('reserved', { versionTag: 'v2' }));
    expect(v2.body).toMatchObject({ versionTag: 'v2', created: true });
  });

  it('409 function_in_use while a non-deleted executable uses it; allowed once the executable is deleted', async () => {
    const { owner, project } = await setup();
    const exe = await seedExecutable(owner.workspaceId, project.id, { state: 'active' });
    const res = await api(`/api/v1/functions/${exe.functionId}`, { method: 'DELETE', token: owner.token });
    expectError(res, 409, 'function_in_use');
    expect(res.body.executableIds).toEqual([exe.executableId]);
    expect((await getRelease(owner.token, exe.functionId)).body.data.state).toBe('active');

    for (const state of ['paused', 'error', 'provisioning'] as const) {
      await testDb().update(executables).set({ state }).where(eq(executables.id, exe.executableId));
      expectError(
        await api(`/api/v1/functions/${exe.functionId}`, { method: 'DELETE', token: owner.token }),
        409,
        'function_in_use',
      );
    }
    await testDb().update(executables).set({ state: 'deleted' }).where(eq(executables.id, exe.executableId));
    const ok = await api(`/api/v1/functions/${exe.functionId}`, { method: 'DELETE', token: owner.token });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.state).toBe('deleted');
  });
});

describe('functions: source', () => {
  it('returns every file byte-identical: text as utf8, binary as base64, with the checksum', async () => {
    const { owner, fields } = await setup();
    const binary = new Uint8Array([0, 1, 2, 0xff, 0xfe, 0x80, 0x7f, 10, 13]);
    const text: Record<string, string> = {
      'index.js': TASK_SOURCE,
      'lib/util.js': 'export const pi = 3.14;\r\nexport const s = "ünïcödé ✓ 🚀";\n',
      'permissions.json': JSON.stringify(PERMISSIONS, null, 2),
      'empty.txt': '',
      'bom.js': '\uFEFFconsole.log("bom");\n',
      'nul.txt': 'a\u0000b',
    };
    const zip = makeZip({ ...text, 'assets/logo.bin': binary, 'lib/': new Uint8Array(0) });
    const up = await upload(owner.token, zip, fields('sourced'));
    expect(up.status, up.text).toBe(200);

    const res = await api(`/api/v1/functions/${up.body.taskId}/source`, { token: owner.token });
    expectStatus(res, 200);
    expectDataEnvelope(res);
    expect(Object.keys(res.body.data).sort()).toEqual(['checksum', 'files', 'id']);
    expect(res.body.data.id).toBe(up.body.taskId);
    expect(res.body.data.checksum).toBe(sha256(zip));
    const files = Object.fromEntries(res.body.data.files.map((f: any) => [f.path, f]));
    expect(Object.keys(files).sort()).toEqual([...Object.keys(text), 'assets/logo.bin'].sort());
    for (const [path, content] of Object.entries(text)) {
      const bytes = Buffer.from(content, 'utf8');
      expect(files[path], path).toEqual({ path, size: bytes.length, encoding: 'utf8', content });
      expect(Buffer.from(files[path].content, 'utf8').equals(bytes), path).toBe(true);
    }
    expect(files['assets/logo.bin']).toEqual({
      path: 'assets/logo.bin',
      size: binary.length,
      encoding: 'base64',
      content: Buffer.from(binary).toString('base64'),
    });
  });

  it('a deleted release still has readable source', async () => {
    const { owner, fields } = await setup();
    const up = await upload(owner.token, taskZip(), fields('old-src'));
    await api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token });
    const res = await api(`/api/v1/functions/${up.body.taskId}/source`, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.body.data.files.map((f: any) => f.path)).toEqual(['index.js']);
  });
});

describe('functions: copy', () => {
  const copy = (token: string, id: string, body: unknown, headers?: Record<string, string>) =>
    api(`/api/v1/functions/${id}/copy`, { method: 'POST', token, body, headers });

  it('into another project: 201 with the same code, schema, callbacks and permissions under v1; a repeat is 200', async () => {
    const { owner, project, fields } = await setup('pro');
    const target = await newProject(owner.workspaceId);
    const zip = taskZip(TASK_SOURCE, { 'permissions.json': JSON.stringify(PERMISSIONS) });
    const up = await upload(
      owner.token,
      zip,
      fields('copied', { versionTag: 'v7', schema: ARGS_SCHEMA, definedCallbacks: ['onFail'] }),
    );
    const res = await copy(owner.token, up.body.taskId, { targetProjectId: target.id });
    expectStatus(res, 201);
    expectDataEnvelope(res);
    expect(res.body.data).toEqual({
      id: expect.stringMatching(/^fn_/),
      projectId: target.id,
      name: 'copied',
      versionTag: 'v1',
      checksum: sha256(zip),
      size: zip.length,
      schema: ARGS_SCHEMA,
      definedCallbacks: ['onFail'],
      permissions: PERMISSIONS,
      limits: null,
      defaultArgs: null,
      state: 'active',
      createdAt: expect.any(String),
      deletedAt: null,
    });
    expect(res.body.data.id).not.toBe(up.body.taskId);
    const [row] = await releaseRows(target.id);
    const [src] = await releaseRows(project.id);
    expect(row.blob_id).toBe(src.blob_id);
    expect(await blobCount(zip)).toBe(1);

    const again = await copy(owner.token, up.body.taskId, { targetProjectId: target.id, versionTag: 'v1' });
    expectStatus(again, 200);
    expect(again.body.data.id).toBe(res.body.data.id);
    expect(await releaseRows(target.id)).toHaveLength(1);

    const source = await api(`/api/v1/functions/${res.body.data.id}/source`, { token: owner.token });
    expect(source.body.data.checksum).toBe(sha256(zip));
  });

  it('with name and versionTag; into the same project under a new tag', async () => {
    const { owner, project, fields } = await setup('pro');
    const up = await upload(owner.token, taskZip(), fields('orig'));
    const renamed = await copy(owner.token, up.body.taskId, { targetProjectId: project.id, name: 'renamed' });
    expect(renamed.status, renamed.text).toBe(201);
    expect(renamed.body.data).toMatchObject({ name: 'renamed', versionTag: 'v1', projectId: project.id });
    const tagged = await copy(owner.token, up.body.taskId, {
      targetProjectId: project.id,
      versionTag: 'stable',
    });
    expect(tagged.status, tagged.text).toBe(201);
    expect(tagged.body.data).toMatchObject({ name: 'orig', versionTag: 'stable' });
    expect((await releaseRows(project.id)).map((r) => `${r.name}@${r.version_tag}`)).toEqual([
      'orig@v1',
      'renamed@v1',
      'orig@stable',
    ]);
  });

  it('into an existing name without a tag → 400 version_tag_required with the reservation; other code on a tag → 409', async () => {
    const { owner, project, fields } = await setup('pro');
    const up = await upload(owner.token, taskZip(), fields('dup'));
    expect((await upload(owner.token, distinctZip(), fields('dup', { versionTag: 'v2' }))).status).toBe(200);
    const res = await copy(owner.token, up.body.taskId, { targetProjectId: project.id });
    expectError(res, 400, 'version_tag_required');
    expect(res.body).toMatchObject({
      reservedVersionTags: ['latest', 'v1', 'v2'],
      suggestedVersionTag: 'v3',
    });
    const clash = await copy(owner.token, up.body.taskId, { targetProjectId: project.id, versionTag: 'v2' });
    expectError(clash, 409, 'version_tag_conflict');
    expect(clash.body).toMatchObject({
      reservedVersionTags: ['latest', 'v1', 'v2'],
      suggestedVersionTag: 'v3',
    });
    // copying a release onto itself is the identical release: 200
    const self = await copy(owner.token, up.body.taskId, { targetProjectId: project.id, versionTag: 'v1' });
    expect(self.status, self.text).toBe(200);
    expect(self.body.data.id).toBe(up.body.taskId);
    expect(await releaseRows(project.id)).toHaveLength(2);
  });
});
