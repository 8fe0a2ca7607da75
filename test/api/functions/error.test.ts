import { describe, expect, inject, it } from 'vitest';
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
import { expectError } from '../../support/expect';
import { newProject, newWorkspace, uniq } from '../../support/fixtures';
import { api } from '../../support/http';

const distinctZip = (label = uniq()) => taskZip(`${TASK_SOURCE}// ${label}\n`);

async function setup(plan: 'free' | 'pro' = 'pro') {
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

/** The upload left nothing behind: no release in the project beyond `before`, no blob of these bytes. */
async function expectNothingWritten(projectId: string, before: number, zip: Buffer) {
  expect(await releaseRows(projectId)).toHaveLength(before);
  expect(await blobCount(zip)).toBe(0);
}

describe('functions: upload request errors', () => {
  it('no credential → 401 unauthorized; a JSON body → 415 unsupported_media_type', async () => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    expectError(await upload(undefined, zip, fields('x')), 401, 'unauthorized');
    expectError(await upload('tw_not_a_real_token', zip, fields('x')), 401, 'unauthorized');
    const json = await api('/api/task/upload', {
      method: 'POST',
      token: owner.token,
      body: { data: JSON.stringify(fields('x')), blob: zip.toString('base64') },
    });
    expectError(json, 415, 'unsupported_media_type');
    await expectNothingWritten(project.id, 0, zip);
  });

  it('missing form parts or data that is not JSON → 400 invalid_request', async () => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    const post = (form: FormData) =>
      fetch(`${inject('baseUrl')}/api/task/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${owner.token}` },
        body: form,
      });
    const noBlob = new FormData();
    noBlob.set('data', JSON.stringify({ ...fields('x'), checkSum: sha256(zip) }));
    const noData = new FormData();
    noData.set('blob', new Blob([new Uint8Array(zip)]), 'bundle.zip');
    const blobAsText = new FormData();
    blobAsText.set('data', JSON.stringify({ ...fields('x'), checkSum: sha256(zip) }));
    blobAsText.set('blob', 'not a file');
    const dataAsFile = new FormData();
    dataAsFile.set(
      'data',
      new Blob([JSON.stringify({ ...fields('x'), checkSum: sha256(zip) })]),
      'data.json',
    );
    dataAsFile.set('blob', new Blob([new Uint8Array(zip)]), 'bundle.zip');
    for (const form of [noBlob, noData, blobAsText, dataAsFile]) {
      const res = await post(form);
      const body = await res.json();
      expect({ status: res.status, code: body.code }, JSON.stringify(body)).toEqual({
        status: 400,
        code: 'invalid_request',
      });
      expect(res.headers.get('x-request-id')).toBe(body.requestId);
    }
    for (const raw of ['{"workspaceId":', 'null', '[]', '"text"', '']) {
      expectError(await upload(owner.token, zip, raw), 400, 'invalid_request');
    }
    const broken = await fetch(`${inject('baseUrl')}/api/task/upload`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${owner.token}`,
        'content-type': 'multipart/form-data; boundary=xyz',
      },
      body: '--xyz\r\nContent-Disposition: form-data; name="data"\r\n\r\n{}',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).code).toBe('invalid_request');
    await expectNothingWritten(project.id, 0, zip);
  });

  it.each([
    ['missing projectId', { projectId: undefined }, 'projectId'],
    ['missing taskName', { taskName: undefined }, 'taskName'],
    ['missing workspaceId', { workspaceId: undefined }, 'workspaceId'],
    ['taskName with a space', { taskName: 'bad name' }, 'taskName'],
    ['taskName with a slash', { taskName: '../etc' }, 'taskName'],
    ['taskName over 64', { taskName: 'n'.repeat(65) }, 'taskName'],
    ['checkSum not hex', { checkSum: 'z'.repeat(64) }, 'checkSum'],
    ['checkSum too short', { checkSum: 'ab' }, 'checkSum'],
    ['definedCallbacks not an array', { definedCallbacks: 'onSuccess' }, 'definedCallbacks'],
    ['definedCallbacks of numbers', { definedCallbacks: [1, 2] }, 'definedCallbacks.0'],
    [
      'a definedCallbacks name no task has',
      { definedCallbacks: ['onSuccess', 'onDone'] },
      'definedCallbacks.1',
    ],
    ['schema as an object instead of JSON text', { schema: { type: 'object' } }, 'schema'],
    ['versionTag of wrong type', { versionTag: 1 }, 'versionTag'],
    ['an unknown field', { permissions: { calls: [] } }, ''],
  ])('data with %s → 400 invalid_request naming the field', async (_, patch, path) => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    const res = await upload(owner.token, zip, { ...fields('x'), ...patch } as never);
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toContain(path);
    await expectNothingWritten(project.id, 0, zip);
  });

  it('a checkSum that is not the SHA-256 of the archive → 400 checksum_mismatch', async () => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    const other = sha256(Buffer.from('something else'));
    const res = await upload(owner.token, zip, fields('x', { checkSum: other }));
    expectError(res, 400, 'checksum_mismatch');
    expect(res.body).toMatchObject({ expected: other, actual: sha256(zip) });
    // the checksum covers the whole archive: the same files zipped differently have another checksum
    const same = makeZip({ 'index.js': TASK_SOURCE });
    const reordered = makeZip({ 'index.js': TASK_SOURCE, 'permissions.json': '{"calls":[]}' });
    expectError(
      await upload(owner.token, reordered, fields('x', { checkSum: sha256(same) })),
      400,
      'checksum_mismatch',
    );
    await expectNothingWritten(project.id, 0, zip);
  });

  it('a project that does not exist → 404 not_found', async () => {
    const { owner, fields } = await setup();
    for (const projectId of ['prj_01J00000000000000000000000', 'nonsense']) {
      expectError(await upload(owner.token, distinctZip(), fields('x', { projectId })), 404, 'not_found');
    }
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(0);
  });
});

describe('functions: version tag rules', () => {
  it.each([
    ['uppercase', 'V1'],
    ['33 characters', 'a'.repeat(33)],
    ['empty', ''],
    ['leading dot', '.v1'],
    ['leading hyphen', '-v1'],
    ['a space', 'v 1'],
    ['a slash', 'v1/x'],
    ['a plus', 'v1+build'],
    ['unicode', 'vé'],
    ['reserved latest', 'latest'],
  ])('%s → 400 invalid_request', async (_, versionTag) => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    const res = await upload(owner.token, zip, fields('tags', { versionTag }));
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(['versionTag']);
    await expectNothingWritten(project.id, 0, zip);
  });

  it('an existing name without a tag → 400 version_tag_required with reservedVersionTags and suggestedVersionTag', async () => {
    const { owner, project, fields } = await setup();
    const zip = taskZip();
    await upload(owner.token, zip, fields('named'));
    await upload(owner.token, distinctZip(), fields('named', { versionTag: 'v4' }));
    await upload(owner.token, distinctZip(), fields('named', { versionTag: 'rc.1' }));
    for (const bytes of [zip, distinctZip()]) {
      const res = await upload(owner.token, bytes, fields('named'));
      expectError(res, 400, 'version_tag_required');
      expect(res.body.reservedVersionTags).toEqual(['latest', 'rc.1', 'v1', 'v4']);
      expect(res.body.suggestedVersionTag).toBe('v5');
    }
    expect(await releaseRows(project.id)).toHaveLength(3);
  });

  it('the same tag with other code → 409 version_tag_conflict; nothing is written', async () => {
    const { owner, project, fields } = await setup();
    const first = await upload(owner.token, taskZip(), fields('clash', { versionTag: 'v2' }));
    expect(first.status).toBe(200);
    const zip = distinctZip();
    const res = await upload(owner.token, zip, fields('clash', { versionTag: 'v2' }));
    expectError(res, 409, 'version_tag_conflict');
    expect(res.body.reservedVersionTags).toEqual(['latest', 'v2']);
    expect(res.body.suggestedVersionTag).toBe('v3');
    await expectNothingWritten(project.id, 1, zip);
    // the existing release is untouched
    const got = await api(`/api/v1/functions/${first.body.taskId}`, { token: owner.token });
    expect(got.body.data.checksum).toBe(sha256(taskZip()));
  });

  it('same name and tag with other schema or callbacks but identical bytes still returns the existing release', async () => {
    const { owner, fields } = await setup();
    const zip = taskZip();
    const first = await upload(owner.token, zip, fields('meta', { versionTag: 'v1' }));
    const again = await upload(
      owner.token,
      zip,
      fields('meta', { versionTag: 'v1', schema: '{"type":"object"}', definedCallbacks: ['onSuccess'] }),
    );
    expect(again.body).toEqual({ taskId: first.body.taskId, versionTag: 'v1', created: false });
  });
});

describe('functions: args schema', () => {
  it.each([
    ['not JSON', '{"type":'],
    ['a JSON string', '"object"'],
    ['a number', '12'],
    ['null', 'null'],
    ['an array', '[{"type":"object"}]'],
    ['a keyword of the wrong type', '{"type":12}'],
    ['an unknown type name', '{"type":"integr"}'],
    ['properties not an object', '{"type":"object","properties":5}'],
    ['required not an array', '{"type":"object","required":"a"}'],
    ['an unresolvable $ref', '{"$ref":"#/definitions/missing"}'],
  ])('schema that is %s → 400 invalid_schema', async (_, schema) => {
    const { owner, project, fields } = await setup();
    const zip = distinctZip();
    const res = await upload(owner.token, zip, fields('schemed', { schema }));
    expectError(res, 400, 'invalid_schema');
    await expectNothingWritten(project.id, 0, zip);
  });

  it('valid schemas are stored verbatim, including ones with $id reused across uploads', async () => {
    const { owner, fields } = await setup();
    const schemas = [
      '{}',
      '{"type":"object","properties":{"n":{"type":"integer"}},"additionalProperties":false}',
      '{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}',
      '{"$id":"https://example.com/args.json","type":"object"}',
      '{"$id":"https://example.com/args.json","type":"object","required":["a"]}',
    ];
    for (const [i, schema] of schemas.entries()) {
      const res = await upload(owner.token, distinctZip(), fields(`s${i}`, { schema }));
      expect(res.status, `${schema}: ${res.text}`).toBe(200);
      const got = await api(`/api/v1/functions/${res.body.taskId}`, { token: owner.token });
      expect(got.body.data.schema).toBe(schema);
    }
  });
});

describe('functions: permissions.json and bundle contents', () => {
  const to = '0x000000000000000000000000000000000000dEaD';
  it.each([
    ['not JSON', '{"calls": ['],
    ['an array', '[]'],
    ['without calls', '{}'],
    ['calls not an array', '{"calls":{}}'],
    [
      'a bad address',
      JSON.stringify({ calls: [{ to: '0x1234', functions: ['transfer(address,uint256)'] }] }),
    ],
    ['no functions', JSON.stringify({ calls: [{ to, functions: [] }] })],
    [
      'a function that is neither signature nor selector',
      JSON.stringify({ calls: [{ to, functions: ['transfer'] }] }),
    ],
    ['a short selector', JSON.stringify({ calls: [{ to, functions: ['0xa9059c'] }] })],
    ['a malformed signature', JSON.stringify({ calls: [{ to, functions: ['transfer(address,'] }] })],
    ['an unknown field in a call', JSON.stringify({ calls: [{ to, functions: ['0xa9059cbb'], value: 1 }] })],
    ['an unknown top-level field', JSON.stringify({ calls: [], allowAll: true })],
    ['functions as a string', JSON.stringify({ calls: [{ to, functions: '0xa9059cbb' }] })],
  ])('permissions.json %s → 400 invalid_permissions; nothing is written', async (_, permissions) => {
    const { owner, project, fields } = await setup();
    const zip = taskZip(TASK_SOURCE, { 'permissions.json': permissions });
    const res = await upload(owner.token, zip, fields('perm'));
    expectError(res, 400, 'invalid_permissions');
    await expectNothingWritten(project.id, 0, zip);
  });

  it('valid permissions.json variants are accepted: no calls, selectors, signatures, lower-case addresses', async () => {
    const { owner, fields } = await setup();
    for (const permissions of [
      { calls: [] },
      { calls: [{ to: to.toLowerCase(), functions: ['0xA9059CBB', 'approve(address,uint256)'] }] },
      { calls: [{ to, functions: ['swap((address,uint256)[],bytes)'] }] },
    ]) {
      const zip = taskZip(TASK_SOURCE, { 'permissions.json': JSON.stringify(permissions) });
      const res = await upload(owner.token, zip, fields(`perm-${uniq()}`));
      expect(res.status, res.text).toBe(200);
      const got = await api(`/api/v1/functions/${res.body.taskId}`, { token: owner.token });
      expect(got.body.data.permissions).toEqual(permissions);
    }
  });

  it('no index.js at the root → 400 bundle_missing_index', async () => {
    const { owner, project, fields } = await setup();
    for (const zip of [
      makeZip({ 'src/index.js': TASK_SOURCE }),
      makeZip({ 'index.mjs': TASK_SOURCE }),
      makeZip({ 'Index.js': TASK_SOURCE }),
      makeZip({ 'index.js/': new Uint8Array(0), 'main.js': TASK_SOURCE }),
      makeZip({}),
    ]) {
      const res = await upload(owner.token, zip, fields('noindex'));
      expectError(res, 400, 'bundle_missing_index');
      await expectNothingWritten(project.id, 0, zip);
    }
  });

  it('a blob that is not a ZIP → 400 bundle_invalid', async () => {
    const { owner, project, fields } = await setup();
    const zip = taskZip();
    for (const bytes of [
      Buffer.from(TASK_SOURCE),
      Buffer.alloc(0),
      Buffer.from('PK\u0003\u0004 truncated'),
      zip.subarray(0, zip.length - 10),
      Buffer.concat([Buffer.from('%PDF-1.4 '), Buffer.alloc(100, 1)]),
    ]) {
      const res = await upload(owner.token, bytes, fields('notzip'));
      expectError(res, 400, 'bundle_invalid');
      await expectNothingWritten(project.id, 0, bytes);
    }
  });
});

describe('functions: list, read, delete and copy errors', () => {
  it('GET /functions without projectId, with a bad limit, cursor or name → 400 invalid_request', async () => {
    const { owner, project } = await setup();
    for (const qs of [
      '',
      'projectId=',
      `projectId=${project.id}&limit=0`,
      `projectId=${project.id}&limit=201`,
      `projectId=${project.id}&limit=ten`,
      `projectId=${project.id}&cursor=garbage`,
      `projectId=${project.id}&name=${encodeURIComponent('bad name')}`,
    ]) {
      expectError(await api(`/api/v1/functions?${qs}`, { token: owner.token }), 400, 'invalid_request');
    }
  });

  it('GET /functions of an unknown project → 404 not_found', async () => {
    const { owner } = await setup();
    expectError(
      await api('/api/v1/functions?projectId=prj_01J00000000000000000000000', { token: owner.token }),
      404,
      'not_found',
    );
  });

  it('unknown function ids → 404 not_found on GET, DELETE, source and copy', async () => {
    const { owner, project } = await setup();
    for (const id of ['fn_01J00000000000000000000000', 'nonsense', encodeURIComponent("x' or '1'='1")]) {
      expectError(await api(`/api/v1/functions/${id}`, { token: owner.token }), 404, 'not_found');
      expectError(
        await api(`/api/v1/functions/${id}`, { method: 'DELETE', token: owner.token }),
        404,
        'not_found',
      );
      expectError(await api(`/api/v1/functions/${id}/source`, { token: owner.token }), 404, 'not_found');
      expectError(
        await api(`/api/v1/functions/${id}/copy`, {
          method: 'POST',
          token: owner.token,
          body: { targetProjectId: project.id },
        }),
        404,
        'not_found',
      );
    }
  });

  it('a NUL character in an id or a field → 400 invalid_request, not a 500', async () => {
    const { owner, project, fields } = await setup();
    const up = await upload(owner.token, taskZip(), fields('nul'));
    const t = owner.token;
    for (const res of [
      await api('/api/v1/functions/fn_%00', { token: t }),
      await api('/api/v1/functions/fn_%00/source', { token: t }),
      await api('/api/v1/functions/fn_%00', { method: 'DELETE', token: t }),
      await api('/api/v1/functions?projectId=prj_%00', { token: t }),
      await api(`/api/v1/functions/${up.body.taskId}/copy`, {
        method: 'POST',
        token: t,
        body: { targetProjectId: 'prj_\u0000' },
      }),
      await upload(t, distinctZip(), fields('nul2', { projectId: 'prj_\u0000' })),
    ]) {
      expectError(res, 400, 'invalid_request');
    }
    expect(await releaseRows(project.id)).toHaveLength(1);
  });

  it.each([
    ['no body', undefined, ['targetProjectId']],
    ['missing targetProjectId', { name: 'x' }, ['targetProjectId']],
    ['an unknown field', { targetProjectId: 'P', schema: '{}' }, ['']],
    ['versionTag latest', { targetProjectId: 'P', versionTag: 'latest' }, ['versionTag']],
    ['versionTag in upper case', { targetProjectId: 'P', versionTag: 'V2' }, ['versionTag']],
    ['a bad name', { targetProjectId: 'P', name: 'a b' }, ['name']],
  ])('copy with %s → 400 invalid_request', async (_, body, paths) => {
    const { owner, project, fields } = await setup();
    const up = await upload(owner.token, taskZip(), fields('src'));
    const res = await api(`/api/v1/functions/${up.body.taskId}/copy`, {
      method: 'POST',
      token: owner.token,
      ...(body === undefined
        ? { raw: '' }
        : { body: JSON.parse(JSON.stringify(body).replace('"P"', JSON.stringify(project.id))) }),
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path)).toEqual(paths);
    expect(await releaseRows(project.id)).toHaveLength(1);
  });

  it('copy into a project that does not exist → 404 not_found', async () => {
    const { owner, fields } = await setup();
    const up = await upload(owner.token, taskZip(), fields('src'));
    const res = await api(`/api/v1/functions/${up.body.taskId}/copy`, {
      method: 'POST',
      token: owner.token,
      body: { targetProjectId: 'prj_01J00000000000000000000000' },
    });
    expectError(res, 404, 'not_found');
    expect(await workspaceReleaseCount(owner.workspaceId)).toBe(1);
  });

  it('copy of a deleted release → 409 function_deleted, nothing written', async () => {
    const { owner, fields } = await setup();
    const target = await newProject(owner.workspaceId);
    const up = await upload(owner.token, taskZip(), fields('src'));
    await api(`/api/v1/functions/${up.body.taskId}`, { method: 'DELETE', token: owner.token });
    for (const body of [
      { targetProjectId: target.id },
      { targetProjectId: target.id, name: 'n', versionTag: 'v9' },
    ]) {
      const res = await api(`/api/v1/functions/${up.body.taskId}/copy`, {
        method: 'POST',
        token: owner.token,
        body,
      });
      expectError(res, 409, 'function_deleted');
    }
    expect(await releaseRows(target.id)).toHaveLength(0);
  });
});
