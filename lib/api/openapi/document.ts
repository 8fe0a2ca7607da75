import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import type { Operation } from '../operation';
import { OPERATIONS } from './registry';

const ErrorSchema = z
  .object({
    error: z.string().meta({ description: 'Human-readable message' }),
    code: z.string().meta({ description: 'Stable machine-readable code' }),
    requestId: z.string(),
  })
  .catchall(z.unknown())
  .meta({ id: 'Error' });

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: ErrorSchema } },
});

const workspaceHeader = z.object({
  'x-workspace-id': z.string().optional().meta({ description: 'Required for unbound keys' }),
});
const mutationHeaders = workspaceHeader.extend({
  'idempotency-key': z.string().min(1).max(128).optional().meta({ description: 'Replays for 24 hours' }),
});

function toOperationObject(op: Operation): ZodOpenApiOperationObject {
  const mutation = op.method !== 'GET';
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(op.responses)) {
    responses[status] = { description: 'Success', content: { 'application/json': { schema } } };
  }
  Object.assign(responses, {
    400: errorResponse('Invalid request (`invalid_request`, `workspace_required`)'),
    401: errorResponse('Missing, invalid or revoked credential (`unauthorized`)'),
    403: errorResponse('`forbidden`, `insufficient_scope` or `workspace_mismatch`'),
    404: errorResponse('`not_found`'),
    429: errorResponse('`rate_limited`; see Retry-After'),
    ...(mutation && { 409: errorResponse('Conflict, `idempotency_conflict` or `idempotency_in_progress`') }),
  });
  return {
    operationId: op.summary,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    'x-scope': op.scope,
    requestParams: {
      header: mutation ? mutationHeaders : workspaceHeader,
      ...(op.params && { path: op.params }),
      ...(op.query && { query: op.query }),
    },
    ...(op.body && { requestBody: { content: { 'application/json': { schema: op.body } } } }),
    responses,
  } as ZodOpenApiOperationObject;
}

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1.0 description, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = {};
  for (const op of OPERATIONS) {
    paths[op.path] ??= {};
    (paths[op.path] as Record<string, ZodOpenApiOperationObject>)[op.method.toLowerCase()] =
      toOperationObject(op);
  }
  cached = createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Tickwork Management API',
      version: '1.0.0',
      description:
        'Scheduled on-chain automation: projects, functions, executables, executions, profiles and more.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  });
  return cached;
}
