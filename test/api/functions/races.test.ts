import { describe, expect, it } from 'vitest';
import {
  blobCount,
  releaseRows,
  TASK_SOURCE,
  taskZip,
  upload,
  workspaceReleaseCount,
} from '../../support/bundles';
import { expectError } from '../../support/expect';
import { newKey, newProject, newWorkspace, uniq } from '../../support/fixtures';
import { api } from '../../support/http';

const PARALLEL = 8;
const distinctZip = (label = uniq()) => taskZip(`${TASK_SOURCE}// ${label}\n`);

async function setup(plan: 'free' | 'pro') {
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

const statuses = (results: { status: number }[]) => results.map((r) => r.status).sort();

describe('functions: concurrent uploads and copies', () => {
  it(`${PARALLEL} identical uploads of one name + tag: one release, all 200 with the same taskId, one created`, async () => {
    const { owner, project, fields } = await setup('free');
    const zip = taskZip();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => upload(owner.token, zip, fields('same', { versionTag: 'v1' }))),
    );
    expect(statuses(results), results.map((r) => r.text).join('\n')).toEqual(Array(PARALLEL).fill(200));
    const ids = new Set(results.map((r) => r.body.taskId));
    expect(ids.size).toBe(1);
    expect(results.filter((r) => r.body.created === true)).toHaveLength(1);
    expect(results.every((r) => r.body.versionTag === 'v1')).toBe(true);
    const rows = await releaseRows(project.id);
    expect(rows.map((r) => [r.id, r.name, r.version_tag])).toEqual([[[...ids][0], 'same', 'v1']]);
    expect(await blobCount(zip)).toBe(1);
  });

  it(`${PARALLEL} different bundles for one name + tag: exactly one wins, the rest 409 version_tag_conflict`, async () => {
    const { owner, project, fields } = await setup('pro');
    const zips = Array.from({ length: PARALLEL }, () => distinctZip());
    const results = await Promise.all(
      zips.map((zip) => upload(owner.token, zip, fields('contested', { versionTag: 'v2' }))),
    );
    const winners = results.filter((r) => r.status === 200);
    expect(winners, results.map((r) => r.text).join('\n')).toHaveLength(1);
    expect(winners[0].body).toMatchObject({ versionTag: 'v2', created: true });
    for (const loser of results.filter((r) => r.status !== 200)) {
      expectError(loser, 409, 'version_tag_conflict');
      expect(loser.body).toMatchObject({ reservedVersionTags: ['latest', 'v2'], suggestedVersionTag: 'v3' });
    }
    const rows = await releaseRows(project.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(winners[0].body.taskId);
    // only the winner's bytes were stored
    const stored = await Promise.all(zips.map((zip) => blobCount(zip)));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(1);
    expect(stored[results.indexOf(winners[0])]).toBe(1);
  });

  it(`${PARALLEL} untagged uploads of a new name: one v1, the rest 400 version_tag_required or the same release`, async () => {
    const { owner, project, fields } = await setup('pro');
    const zip = taskZip();
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () => upload(owner.token, zip, fields('fresh'))),
    );
    const created = results.filter((r) => r.status === 200);
    expect(created).toHaveLength(1);
    expect(created[0].body).toMatchObject({ versionTag: 'v1', created: true });
    for (const other of results.filter((r) => r.status !== 200)) {
      expectError(other, 400, 'version_tag_required');
      expect(other.body.suggestedVersionTag).toBe('v2');
    }
    expect(await releaseRows(project.id)).toHaveLength(1);
  });

  it('uploads and copies racing into one name + tag end with exactly one release and no 500', async () => {
    const { owner, project, fields } = await setup('pro');
    const source = await newProject(owner.workspaceId);
    const zip = taskZip();
    const src = await upload(owner.token, zip, { ...fields('raced'), projectId: source.id });
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        i % 2 === 0
          ? upload(owner.token, zip, fields('raced', { versionTag: 'v1' }))
          : api(`/api/v1/functions/${src.body.taskId}/copy`, {
              method: 'POST',
              token: owner.token,
              body: { targetProjectId: project.id, versionTag: 'v1' },
            }),
      ),
    );
    for (const r of results) expect([200, 201], r.text).toContain(r.status);
    expect(results.filter((r) => r.status === 201 || r.body.created === true)).toHaveLength(1);
    const ids = new Set(results.map((r) => r.body.taskId ?? r.body.data.id));
    expect(ids.size).toBe(1);
    expect((await releaseRows(project.id)).map((r) => r.id)).toEqual([...ids]);
  });

  it(`${PARALLEL} copies of one release into one project: one 201, the rest 200 with the same id`, async () => {
    const { owner, fields } = await setup('pro');
    const target = await newProject(owner.workspaceId);
    const src = await upload(owner.token, taskZip(), fields('copied'));
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        api(`/api/v1/functions/${src.body.taskId}/copy`, {
          method: 'POST',
          token: owner.token,
          body: { targetProjectId: target.id, versionTag: 'v5' },
        }),
      ),
    );
    expect(statuses(results), results.map((r) => r.text).join('\n')).toEqual([
      200,
      ...Array(PARALLEL - 2).fill(200),
      201,
    ]);
    expect(new Set(results.map((r) => r.body.data.id)).size).toBe(1);
    expect(await releaseRows(target.id)).toHaveLength(1);
  });

  it('the Free plan limit holds under concurrency: 8 different names at once → exactly 3 releases', async () => {
    const { owner, project, fields } = await setup('free');
    const zips = Array.from({ length: PARALLEL }, () => distinctZip());
    const results = await Promise.all(zips.map((zip, i) => upload(owner.token, zip, fields(`n${i}`))));
    expect(
      results.filter((r) => r.status === 200),
      results.map((r) => r.text).join('\n'),
    ).toHaveLength(3);
    for (const r of results.filter((x) => x.status !== 200)) expectError(r, 403, 'plan_limit_exceeded');
    expect(await releaseRows(project.id)).toHaveLength(3);
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(3);
    const stored = await Promise.all(zips.map((zip) => blobCount(zip)));
    expect(stored.reduce((a, b) => a + b, 0)).toBe(3);
  });

  it('the limit also holds across projects and keys of one workspace', async () => {
    const { owner, fields } = await setup('free');
    const projects = [await newProject(owner.workspaceId), await newProject(owner.workspaceId)];
    const second = await newKey(owner);
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        upload(i % 2 ? second.token : owner.token, distinctZip(), {
          ...fields(`x${i}`),
          projectId: projects[i % 2].id,
        }),
      ),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    expect(results.filter((r) => r.status === 403)).toHaveLength(PARALLEL - 3);
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(3);
  });

  it('delete racing with itself: one 200, the rest 404', async () => {
    const { owner, fields } = await setup('pro');
    const up = await upload(owner.token, taskZip(), fields('doomed'));
    const results = await Promise.all(
      Array.from({ length: PARALLEL }, () =>
        api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token }),
      ),
    );
    expect(statuses(results)).toEqual([200, ...Array(PARALLEL - 1).fill(404)]);
  });
});
