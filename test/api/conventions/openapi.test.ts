import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/lib/api/openapi/registry';
import { api } from '../../support/http';

const V1 = path.resolve('app/api/v1');
const METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

/** Every (template, method) a route file under app/api/v1 exports, read from the filesystem. */
function routeFileOperations(): { template: string; method: string; file: string }[] {
  const found: { template: string; method: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name === 'route.ts') {
        const rel = path.relative(V1, dir).split(path.sep);
        if (rel.some((seg) => seg.startsWith('[...') || seg.startsWith('[[...')) || rel[0] === 'openapi.json')
          continue;
        const template = `/api/v1/${rel.map((seg) => seg.replace(/^\[(\w+)\]$/, '{$1}')).join('/')}`;
        const source = readFileSync(full, 'utf8');
        for (const method of METHODS) {
          const exported = new RegExp(
            `export\\s+(const\\s+${method}\\b|(async\\s+)?function\\s+${method}\\b|\\{[^}]*\\b${method}\\b[^}]*\\})`,
          );
          if (exported.test(source))
            found.push({ template, method, file: path.relative(process.cwd(), full) });
        }
      }
    }
  };
  walk(V1);
  return found;
}

describe('GET /api/v1/openapi.json', () => {
  it('is OpenAPI 3.1.0 with info.version 1.0.0, public, JSON', async () => {
    const res = await api('/api/v1/openapi.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.body.openapi).toBe('3.1.0');
    expect(res.body.info.version).toBe('1.0.0');
    expect(res.body.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
  });

  it('documents every method every app/api/v1 route file exports', async () => {
    const doc = (await api('/api/v1/openapi.json')).body;
    const routes = routeFileOperations();
    expect(routes.length).toBeGreaterThanOrEqual(13);
    const missing = routes.filter((r) => !doc.paths[r.template]?.[r.method.toLowerCase()]);
    expect(missing).toEqual([]);
  });

  it('documents no /api/v1 operation that no route file serves', async () => {
    const doc = (await api('/api/v1/openapi.json')).body;
    const served = new Set(routeFileOperations().map((r) => `${r.method} ${r.template}`));
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .filter(([p]) => p.startsWith('/api/v1/'))
      .flatMap(([p, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m.toUpperCase() as never))
          .map((m) => `${m.toUpperCase()} ${p}`),
      );
    expect(documented.filter((d) => !served.has(d))).toEqual([]);
  });

  it('each operation names its scope, the registry agrees, and errors use the Error schema', async () => {
    const doc = (await api('/api/v1/openapi.json')).body;
    for (const op of OPERATIONS) {
      const documented = doc.paths[op.path][op.method.toLowerCase()];
      expect(documented['x-scope'], `${op.method} ${op.path}`).toBe(op.scope);
      for (const status of ['400', '401', '403', '404', '429'])
        expect(documented.responses[status]).toBeDefined();
      if (op.method !== 'GET') {
        expect(documented.responses['409']).toBeDefined();
        const headers = documented.parameters.filter((p: any) => p.in === 'header').map((p: any) => p.name);
        // the upload route is outside the idempotency mechanism (spec: Functions) and must not advertise it
        if (op.idempotent === false) expect(headers).not.toContain('idempotency-key');
        else expect(headers).toContain('idempotency-key');
      }
    }
  });

  it('operation ids are unique', async () => {
    const doc = (await api('/api/v1/openapi.json')).body;
    const ids = Object.values(doc.paths as Record<string, Record<string, any>>).flatMap((ops) =>
      Object.values(ops).map((o) => o.operationId),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });
});
