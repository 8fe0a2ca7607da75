import { connect } from 'node:net';
import { describe, expect, inject, it } from 'vitest';
import { MAX_JSON_DEPTH } from '@/lib/api/body';
import { expectError } from '../support/expect';
import { newProject, newWorkspace } from '../support/fixtures';
import { api } from '../support/http';
import { seedExecutable } from '../support/seed';
import { storagePath, storageRow } from '../support/storage';
import { createWebhook } from '../support/webhooks';

// Attack: numbers and JSON that the services cannot hold, malformed URLs, oversized headers and bodies sent
// without a JSON type. Before the fix these were 500s (text/plain, no request id), a 431 with no body, or
// accepted as JSON.

async function storageWorld() {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  return { token: owner.token, id: exe.executableId };
}

/** `{ "a": { "a": … } }` nested `depth` levels (the outer object counts as one). */
function nested(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

describe('numbers are checked against their column before SQL', () => {
  it.each([2147483648, 2 ** 53, -1, 1.5])(
    'storage expectedVersion %s → 400, nothing written',
    async (expectedVersion) => {
      const { token, id } = await storageWorld();
      const res = await api(storagePath(id), {
        method: 'PATCH',
        token,
        body: { expectedVersion, value: { a: 1 } },
      });
      expectError(res, 400, 'invalid_request');
      expect(await storageRow(id)).toBeNull();
    },
  );

  it('profile chainId beyond the integer range → 400', async () => {
    const owner = await newWorkspace();
    const project = await newProject(owner.workspaceId);
    const res = await api('/api/v1/profiles', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, alias: 'big', chainId: 2 ** 40 },
    });
    expectError(res, 400, 'invalid_request');
  });
});

describe(`JSON nests at most ${MAX_JSON_DEPTH} levels`, () => {
  it('storage value nested 5,000 levels → 400, nothing written', async () => {
    const { token, id } = await storageWorld();
    const raw = `{"expectedVersion":0,"value":${nested(5000)}}`;
    const res = await api(storagePath(id), { method: 'PATCH', token, raw });
    expectError(res, 400, 'invalid_request');
    expect(res.body.error).toContain(String(MAX_JSON_DEPTH));
    expect(await storageRow(id)).toBeNull();
  });

  it(`takes ${MAX_JSON_DEPTH} levels and refuses ${MAX_JSON_DEPTH + 1}`, async () => {
    const { token, id } = await storageWorld();
    // the body object is level 1, `value` level 2
    const ok = await api(storagePath(id), {
      method: 'PATCH',
      token,
      raw: `{"expectedVersion":0,"value":${nested(MAX_JSON_DEPTH - 1)}}`,
    });
    expect(ok.status, ok.text).toBe(200);
    const deep = await api(storagePath(id), {
      method: 'PATCH',
      token,
      raw: `{"expectedVersion":1,"value":${nested(MAX_JSON_DEPTH)}}`,
    });
    expectError(deep, 400, 'invalid_request');
  });

  it('webhook custom args nested 5,000 levels → 422 invalid_arguments', async () => {
    const { token, id } = await storageWorld();
    const created = await createWebhook(token, id, { name: 'deep' });
    expect(created.status, created.text).toBe(201);
    const url = new URL(created.body.data.url);
    const res = await api(url.pathname, { method: 'POST', raw: `{"args":${nested(5000)}}` });
    expectError(res, 422, 'invalid_arguments');
  });
});

describe('management bodies are JSON by declaration', () => {
  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form', { 'content-type': 'application/x-www-form-urlencoded' }],
    ['no type', { 'content-type': '' }],
  ])('a JSON body sent as %s → 415 unsupported_media_type, nothing created', async (_label, headers) => {
    const owner = await newWorkspace();
    const slug = `ct-${Date.now().toString(36)}`;
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      raw: JSON.stringify({ name: 'Typed', slug }),
      headers,
    });
    expectError(res, 415, 'unsupported_media_type');
    const list = await api('/api/v1/projects', { token: owner.token });
    expect(list.body.data.map((p: { slug: string }) => p.slug)).not.toContain(slug);
  });

  it('application/json with a charset and vendor +json types are JSON', async () => {
    const owner = await newWorkspace();
    for (const type of ['application/json; charset=utf-8', 'application/vnd.tickwork+json']) {
      const res = await api('/api/v1/projects', {
        method: 'POST',
        token: owner.token,
        raw: JSON.stringify({ name: 'Typed', slug: `ct-${Math.random().toString(36).slice(2, 8)}` }),
        headers: { 'content-type': type },
      });
      expect(res.status, `${type}: ${res.text}`).toBe(201);
    }
  });
});

describe('malformed requests keep the error shape', () => {
  it.each(['/api/v1/projects/%FF%FE', '/api/v1/projects/%E0%A4', '/api/v1/projects/%', '/api/hooks/%FF'])(
    'GET/POST %s → 400 invalid_request with X-Request-Id',
    async (path) => {
      for (const method of ['GET', 'POST']) {
        const res = await api(path, { method });
        expectError(res, 400, 'invalid_request');
        expect(res.headers.get('content-type')).toMatch(/application\/json/);
      }
    },
  );

  it('a 100 KB query string → 431 headers_too_large in the error shape', async () => {
    const res = await api(`/api/v1/projects?q=${'a'.repeat(100_000)}`);
    expectError(res, 431, 'headers_too_large');
  });

  it('a request that is not HTTP → 400 in the error shape, from the server itself', async () => {
    const { hostname, port } = new URL(inject('baseUrl'));
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write('NOT HTTP AT ALL\r\n\r\n'));
      let text = '';
      socket.on('data', (chunk) => {
        text += chunk;
      });
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    const [head, body] = answer.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(head).toMatch(/content-type: application\/json/i);
    const parsed = JSON.parse(body);
    expect(parsed).toMatchObject({ code: 'invalid_request', requestId: expect.stringMatching(/^req_/) });
    expect(head).toContain(`X-Request-Id: ${parsed.requestId}`);
  });
});
