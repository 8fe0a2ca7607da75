import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@/lib/api/error-codes';
import { openApiDocument } from '@/lib/api/openapi/document';
import { CONVENTIONS_FILE, withErrorCodesTable } from '../../../scripts/error-codes';

type Responses = Record<string, { description: string }>;

const responsesOf = (method: string, template: string): Responses =>
  (openApiDocument().paths as Record<string, Record<string, { responses: Responses }>>)[template][method]
    .responses;

/** The codes a documented error response lists (`- \`code\`: when` lines). */
const codesIn = (response: { description: string } | undefined) =>
  [...(response?.description ?? '').matchAll(/^- `([a-z_]+)`/gm)].map((m) => m[1]);

function sourceFiles(dir: string, found: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, found);
    else if (/\.(ts|tsx)$/.test(name)) found.push(full);
  }
  return found;
}

describe('the one code → status table (lib/api/error-codes.ts)', () => {
  it('the codes table of docs/api-conventions.md is generated from it (run `npm run error-codes` after an edit)', () => {
    const doc = readFileSync(CONVENTIONS_FILE, 'utf8');
    expect(doc).toBe(withErrorCodesTable(doc));
  });

  it('the docs name each code with its own status (`409 storage_locked`, 409 `storage_locked`, table rows)', () => {
    const docs = ['README.md', ...readdirSync('docs').map((name) => path.join('docs', name))].filter((file) =>
      file.endsWith('.md'),
    );
    const mentions = [/`(\d{3}) ([a-z_]+)`/g, /(\d{3}) `([a-z_]+)`/g, /\|\s*(\d{3})\s*\|\s*`([a-z_]+)`/g];
    const wrong = docs.flatMap((file) =>
      mentions.flatMap((pattern) =>
        [...readFileSync(file, 'utf8').matchAll(pattern)]
          .filter(
            ([, status, code]) =>
              code in ERROR_CODES && ERROR_CODES[code as ErrorCode].status !== Number(status),
          )
          .map(([mention]) => `${file}: ${mention}`),
      ),
    );
    expect(wrong).toEqual([]);
  });

  it('throw sites name a code, never a status: no `new ApiError(` outside lib/api/errors.ts', () => {
    const files = ['app', 'lib', 'cli'].flatMap((dir) => sourceFiles(dir)).concat('proxy.ts');
    const offenders = files.filter(
      (file) =>
        file !== path.join('lib', 'api', 'errors.ts') && /new ApiError\(/.test(readFileSync(file, 'utf8')),
    );
    expect(offenders).toEqual([]);
  });

  it("the server preload's answers (lib/api/client-errors.cjs, plain CommonJS) use the table's statuses", () => {
    const preload = readFileSync('lib/api/client-errors.cjs', 'utf8');
    const answers = [...preload.matchAll(/answer\(\s*socket,\s*(\d{3}),\s*'[^']*',\s*'([a-z_]+)'/g)];
    expect(answers.map((m) => m[2]).sort()).toEqual([
      'headers_too_large',
      'invalid_request',
      'request_timeout',
    ]);
    for (const [, status, code] of answers)
      expect(ERROR_CODES[code as ErrorCode].status, code).toBe(Number(status));
  });

  it("keeps the statuses the contract names (shared/spec/service-api.md, Errors and the webhook door's errors)", () => {
    const spec: Partial<Record<ErrorCode, number>> = {
      idempotency_conflict: 409,
      executable_must_be_paused: 409,
      version_tag_conflict: 409,
      permissions_not_covered: 409,
      not_found: 404,
      executable_unavailable: 409,
      execution_in_progress: 409,
      body_too_large: 413,
      unsupported_media_type: 415,
      invalid_arguments: 422,
      arguments_schema_missing: 422,
      rate_limited: 429,
    };
    for (const [code, status] of Object.entries(spec))
      expect(ERROR_CODES[code as ErrorCode].status, code).toBe(status);
  });

  it('the OpenAPI document lists each code under its own status only', () => {
    const paths = openApiDocument().paths as Record<string, Record<string, { responses?: Responses }>>;
    for (const [template, methods] of Object.entries(paths))
      for (const [method, operation] of Object.entries(methods))
        for (const [status, response] of Object.entries(operation.responses ?? {}))
          for (const code of codesIn(response))
            expect(ERROR_CODES[code as ErrorCode]?.status, `${method} ${template} ${code}`).toBe(
              Number(status),
            );
  });

  it("the OpenAPI document names the spec's error codes on the spec's routes, with the spec's status", () => {
    const expected: [string, string, number, ErrorCode][] = [
      ['post', '/api/v1/projects', 409, 'idempotency_conflict'],
      ['patch', '/api/v1/executables/{executableId}/function', 409, 'executable_must_be_paused'],
      ['post', '/api/task/upload', 409, 'version_tag_conflict'],
      ['post', '/api/v1/executables', 409, 'permissions_not_covered'],
      ['patch', '/api/v1/executables/{executableId}/function', 409, 'permissions_not_covered'],
      ['patch', '/api/v1/executables/{executableId}/profile', 409, 'permissions_not_covered'],
      ['patch', '/api/v1/executables/{executableId}/args', 409, 'permissions_not_covered'],
      ['post', '/api/v1/executables/{executableId}/resume', 409, 'permissions_not_covered'],
      ['delete', '/api/v1/executables/{executableId}', 409, 'executable_active'],
      ['patch', '/api/v1/executables/{executableId}/storage', 409, 'storage_version_conflict'],
      ['patch', '/api/v1/executables/{executableId}/storage', 409, 'storage_locked'],
      ['get', '/api/v1/projects', 401, 'unauthorized'],
      ['get', '/api/v1/projects', 403, 'forbidden'],
    ];
    for (const [method, template, status, code] of expected)
      expect(codesIn(responsesOf(method, template)[status]), `${method} ${template}`).toContain(code);
  });
});
