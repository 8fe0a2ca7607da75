import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { expectError } from '../../support/expect';
import { newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { newWorld, opLabel, requestFor } from '../../support/operations';

const withBody = OPERATIONS.filter((op) => op.body).map((op) => [opLabel(op), op] as const);

describe('request validation', () => {
  it.each(withBody)('%s: malformed JSON → 400 invalid_request', async (_, op) => {
    const world = await newWorld();
    const req = requestFor(op, world);
    for (const raw of ['{', '{"name": }', 'not json', '{"a":1}}']) {
      const res = await api(req.path, { method: op.method, token: world.token, raw });
      expectError(res, 400, 'invalid_request');
    }
  });

  it.each(withBody)('%s: an unknown field → 400 invalid_request with details', async (_, op) => {
    const world = await newWorld();
    const req = requestFor(op, world);
    const res = await api(req.path, {
      method: op.method,
      token: world.token,
      body: { ...(req.body as object), surprise: true },
    });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'unrecognized_keys' })]),
    );
  });

  it.each(withBody)('%s: a JSON array, string or null body → 400 invalid_request', async (_, op) => {
    const world = await newWorld();
    const req = requestFor(op, world);
    for (const raw of ['[]', '"text"', 'null', '42']) {
      const res = await api(req.path, { method: op.method, token: world.token, raw });
      expectError(res, 400, 'invalid_request');
      expect(Array.isArray(res.body.details)).toBe(true);
    }
  });

  it('details name the path, message and code of every issue', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', { method: 'POST', token: owner.token, body: { name: 5 } });
    expectError(res, 400, 'invalid_request');
    const byPath = Object.fromEntries(res.body.details.map((d: any) => [d.path, d]));
    expect(Object.keys(byPath).sort()).toEqual(['name', 'slug']);
    for (const d of res.body.details) {
      expect(Object.keys(d).sort()).toEqual(['code', 'message', 'path']);
      expect(d.code).toBe('invalid_type');
      expect(typeof d.message).toBe('string');
    }
  });

  it('a body over 1 MiB → 413 body_too_large', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      method: 'POST',
      token: owner.token,
      body: { name: 'x'.repeat(1024 * 1024 + 10), slug: 'big' },
    });
    expectError(res, 413, 'body_too_large');
  });

  it('validation happens after authentication: a bad body without a credential is 401', async () => {
    const res = await api('/api/v1/projects', { method: 'POST', raw: '{' });
    expectError(res, 401, 'unauthorized');
  });

  it('an empty body counts as {} (so required fields are reported)', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', { method: 'POST', token: owner.token, raw: '' });
    expectError(res, 400, 'invalid_request');
    expect(res.body.details.map((d: any) => d.path).sort()).toEqual(['name', 'slug']);
  });
});
