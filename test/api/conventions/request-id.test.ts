import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { expectError } from '../../support/expect';
import { newWorkspace } from '../../support/fixtures';
import { api } from '../../support/http';
import { callOp, newWorld, opLabel, requestFor } from '../../support/operations';

const REQUEST_ID = /^req_[0-9A-HJKMNP-TV-Z]{26}$/;
const table = OPERATIONS.map((op) => [opLabel(op), op] as const);

describe('every response carries X-Request-Id', () => {
  it.each(table)('%s: success, 401 and 404 all carry it; errors repeat it in the body', async (_, op) => {
    const world = await newWorld();
    const ok = await callOp(op, world, world.token);
    expect(ok.status).toBeLessThan(300);
    expect(ok.headers.get('x-request-id')).toMatch(REQUEST_ID);

    expectError(await callOp(op, world, undefined), 401, 'unauthorized');

    const missing = {
      ...world,
      projectId: 'prj_missing',
      secretId: 'sec_missing',
      executionId: 'exn_missing',
      executableId: 'exe_missing',
      profileId: 'prf_missing',
      freeProfileId: 'prf_missing',
      archivedProfileId: 'prf_missing',
      pendingProfileId: 'prf_missing',
    };
    // every operation that addresses a resource by id answers 404 for an id that does not exist
    if (JSON.stringify(requestFor(op, missing)).includes('_missing')) {
      expectError(await callOp(op, missing, world.token), 404, 'not_found');
    }
  });

  it('ids are unique per response', async () => {
    const owner = await newWorkspace();
    const ids = new Set<string>();
    for (let i = 0; i < 10; i++) {
      const res = await api('/api/v1/projects', { token: owner.token });
      ids.add(res.headers.get('x-request-id') as string);
    }
    expect(ids.size).toBe(10);
  });

  it('a client-sent X-Request-Id is not echoed (the server mints its own)', async () => {
    const owner = await newWorkspace();
    const res = await api('/api/v1/projects', {
      token: owner.token,
      headers: { 'x-request-id': 'req_spoofed' },
    });
    expect(res.headers.get('x-request-id')).toMatch(REQUEST_ID);
  });

  it.each(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'])(
    'unknown /api/v1 paths (%s) → 404 not_found in the API shape',
    async (method) => {
      for (const path of [
        '/api/v1/nope',
        '/api/v1/projects/x/y/z',
        '/api/v1/executables/x/y/z',
        '/api/v1/v2/projects',
      ]) {
        const res = await api(path, { method, body: method === 'GET' ? undefined : {} });
        expectError(res, 404, 'not_found');
      }
    },
  );

  it('a method a known route does not serve → 405 method_not_allowed with Allow, in the API shape', async () => {
    const world = await newWorld();
    const served = new Map<string, string[]>();
    for (const op of OPERATIONS) served.set(op.path, [...(served.get(op.path) ?? []), op.method]);
    expect(served.size).toBeGreaterThanOrEqual(9);
    for (const [template, methods] of served) {
      const path = template.replace(/\{(\w+)\}/g, (_, n: string) => (world as any)[n]);
      for (const method of ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'].filter((m) => !methods.includes(m))) {
        const res = await api(path, { method, token: world.token, body: method === 'GET' ? undefined : {} });
        expectError(res, 405, 'method_not_allowed');
        expect(res.headers.get('allow')?.split(', ').sort()).toEqual([...methods].sort());
      }
    }
  });

  it('unknown paths answer 404 before (and regardless of) authentication', async () => {
    const owner = await newWorkspace();
    expectError(await api('/api/v1/nope', { token: owner.token }), 404, 'not_found');
    expectError(await api('/api/v1/nope', { token: 'garbage' }), 404, 'not_found');
  });

  it('the public routes carry it too', async () => {
    const openapi = await api('/api/v1/openapi.json');
    expect(openapi.headers.get('x-request-id')).toMatch(REQUEST_ID);
    const health = await api('/api/health');
    expect(health.headers.get('x-request-id')).toMatch(REQUEST_ID);
    const login = await api('/api/cli/login', { method: 'POST', body: {} });
    expect(login.headers.get('x-request-id')).toMatch(REQUEST_ID);
    expectError(await api('/api/cli/token', { method: 'POST', body: {} }), 400, 'invalid_request');
  });
});
