import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { PollCliLoginBody, StartCliLoginBody } from '@/lib/auth/cli-login-schemas';
import { ERROR_CODES, type ErrorCode } from '../error-codes';
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

/** One response per status, each listing its codes and when they are answered, from the one table. */
function errorResponses(codes: readonly ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        status,
        {
          description: list.map((code) => `- \`${code}\`: ${ERROR_CODES[code].when}`).join('\n'),
          content: { 'application/json': { schema: ErrorSchema } },
        },
      ]),
  );
}

/** The codes the one wrapper answers on its own (lib/api/route.ts), before the handler runs or around it. */
function wrapperCodes(op: Operation): ErrorCode[] {
  const mutation = op.method !== 'GET';
  return [
    'invalid_request',
    'workspace_required',
    'unauthorized',
    'workspace_mismatch',
    'forbidden',
    'insufficient_scope',
    'not_found',
    'rate_limited',
    'internal_error',
    ...(op.body ? (['unsupported_media_type', op.maxBody?.code ?? 'body_too_large'] as const) : []),
    ...(mutation ? (['conflict'] as const) : []),
    ...(mutation && op.idempotent !== false
      ? (['idempotency_conflict', 'idempotency_in_progress'] as const)
      : []),
  ];
}

const workspaceHeader = z.object({
  'x-workspace-id': z.string().optional().meta({ description: 'Required for unbound keys' }),
});
const mutationHeaders = workspaceHeader.extend({
  'idempotency-key': z.string().min(1).max(128).optional().meta({ description: 'Replays for 24 hours' }),
});

function toOperationObject(op: Operation & { operationId: string }): ZodOpenApiOperationObject {
  const mutation = op.method !== 'GET';
  const responses: Record<string, unknown> = {};
  for (const [status, schema] of Object.entries(op.responses)) {
    responses[status] = { description: 'Success', content: { 'application/json': { schema } } };
  }
  Object.assign(responses, errorResponses([...wrapperCodes(op), ...(op.errors ?? [])]));
  return {
    operationId: op.operationId,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    'x-scope': op.scope,
    requestParams: {
      header: mutation && op.idempotent !== false ? mutationHeaders : workspaceHeader,
      ...(op.params && { path: op.params }),
      ...(op.query && { query: op.query }),
    },
    ...(op.body && { requestBody: { content: { 'application/json': { schema: op.body } } } }),
    ...(op.form && { requestBody: { content: { 'multipart/form-data': { schema: op.form } } } }),
    responses,
  } as ZodOpenApiOperationObject;
}

/** Routes that take no management credential: the management login's start and poll, and health. */
function publicPaths(): ZodOpenApiPathsObject {
  const json = (schema: z.ZodType) => ({ content: { 'application/json': { schema } } });
  return {
    '/api/cli/login': {
      post: {
        operationId: 'startManagementLogin',
        summary: 'Start a management login (device-code style)',
        tags: ['Management login'],
        security: [],
        requestBody: json(StartCliLoginBody),
        responses: {
          201: {
            description: 'Started',
            ...json(
              z.object({
                data: z.object({
                  deviceCode: z.string(),
                  userCode: z.string(),
                  verificationUrl: z.string(),
                  verificationUrlComplete: z.string(),
                  expiresIn: z.number().int(),
                  interval: z.number().int(),
                }),
              }),
            ),
          },
          ...errorResponses(['invalid_request', 'unsupported_media_type', 'body_too_large', 'rate_limited']),
        },
      },
    },
    '/api/cli/token': {
      post: {
        operationId: 'pollManagementLogin',
        summary: 'Poll a management login; returns the workspace-bound key once approved',
        tags: ['Management login'],
        security: [],
        requestBody: json(PollCliLoginBody),
        responses: {
          200: {
            description: 'Approved: the key, shown once',
            ...json(
              z.object({
                data: z.object({
                  token: z.string(),
                  keyId: z.string(),
                  workspaceId: z.string(),
                  scopes: z.array(z.string()),
                }),
              }),
            ),
          },
          ...errorResponses([
            'authorization_pending',
            'slow_down',
            'access_denied',
            'expired_token',
            'invalid_grant',
            'invalid_request',
            'unsupported_media_type',
            'body_too_large',
          ]),
        },
      },
    },
    '/api/health': {
      get: {
        operationId: 'health',
        summary: 'Health: 200 when the database answers',
        tags: ['Health'],
        security: [],
        responses: {
          200: { description: 'Healthy', ...json(z.object({ status: z.literal('ok') })) },
          ...errorResponses(['unavailable']),
        },
      },
    },
  };
}

let cached: ReturnType<typeof createDocument> | undefined;

/** The OpenAPI 3.1.0 description, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  if (cached) return cached;
  const paths: ZodOpenApiPathsObject = publicPaths();
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
        'Scheduled on-chain automation: projects, functions, executables, executions, profiles and more. Reviewed against SDK 0.8.0 and command-line tool 0.10.0.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    paths,
  });
  return cached;
}
