import type { NextRequest } from 'next/server';
import type { z } from 'zod';
import { getDb } from '@/db/client';
import { authorize, bearerToken, type Principal, resolvePrincipal } from '@/lib/auth/credential';
import { sha256Hex } from '@/lib/crypto/tokens';
import { newId } from '@/lib/ids';
import { withLogContext } from '@/lib/log/context';
import { readJsonBody } from './body';
import { errorBody, errorResponse, toApiError } from './error-response';
import { apiError } from './errors';
import {
  claimIdempotency,
  completeIdempotency,
  type IdempotencyScope,
  releaseIdempotency,
  requestFingerprint,
} from './idempotency';
import type { Method, Operation } from './operation';
import { takeRateLimit } from './rate-limit';
import type { Reply } from './reply';

type Defined<S> = Exclude<S, undefined>;
type Infer<S> = [Defined<S>] extends [never]
  ? undefined
  : Defined<S> extends z.ZodType
    ? z.output<Defined<S>>
    : undefined;

export type RouteContext<O extends Operation> = {
  req: NextRequest;
  requestId: string;
  principal: Principal;
  body: Infer<O['body']>;
  query: Infer<O['query']>;
  params: Infer<O['params']>;
};

type NextContext = { params: Promise<Record<string, string | string[]>> };

const IDEMPOTENCY_KEY = /^.{1,128}$/s;

/**
 * The one management route wrapper: request id → rate limit → bearer credential → workspace binding →
 * membership, role and scope → input validation → idempotency → handler → envelope. Every failure leaves
 * through `errorResponse`, so every response carries `X-Request-Id` and the `{ error, code, requestId }` body.
 */
export function route<O extends Operation>(op: O, handler: (ctx: RouteContext<O>) => Promise<Reply>) {
  const mutation = op.method !== 'GET';
  const serve = async (req: NextRequest, next: NextContext, requestId: string): Promise<Response> => {
    let rateHeaders: Record<string, string> = {};
    try {
      const tokenHash = sha256Hex(bearerToken(req.headers.get('authorization')));
      const db = getDb();
      const url = req.nextUrl;
      // The bucket and the credential are read side by side (two round trips at once, not one after the
      // other); the rate limit still answers first, so a refused request learns nothing about its token.
      const [rate, resolved] = await Promise.all([
        takeRateLimit(tokenHash),
        resolvePrincipal(db, tokenHash, {
          headerWorkspaceId: req.headers.get('x-workspace-id'),
          queryWorkspaceId: url.searchParams.get('workspaceId'),
        }).then(
          (principal) => ({ principal }),
          (error: unknown) => ({ error }),
        ),
      ]);
      rateHeaders = rate.headers;
      if (!rate.allowed) throw apiError('rate_limited', 'too many requests for this credential');
      if ('error' in resolved) throw resolved.error;
      const { principal } = resolved;
      authorize(principal, op.scope, mutation);

      const params = op.params ? op.params.parse(await next.params) : undefined;
      const query = op.query ? op.query.parse(Object.fromEntries(url.searchParams)) : undefined;
      const rawBody = op.body ? await readJsonBody(req, op.maxBody) : undefined;
      const body = op.body ? op.body.parse(rawBody) : undefined;
      const ctx = { req, requestId, principal, body, query, params } as RouteContext<O>;

      const idempotencyKey = mutation && op.idempotent !== false ? req.headers.get('idempotency-key') : null;
      if (idempotencyKey === null) return respond(await handler(ctx), requestId, rateHeaders);
      if (!IDEMPOTENCY_KEY.test(idempotencyKey)) {
        throw apiError('invalid_request', 'Idempotency-Key must be 1 to 128 characters');
      }
      const scope: IdempotencyScope = {
        credentialId: principal.credentialId,
        workspaceId: principal.workspaceId,
        key: idempotencyKey,
      };
      const replay = await claimIdempotency(
        db,
        scope,
        requestFingerprint(op.method, op.path, rawBody ?? null),
      );
      if (replay) return respond(replay, requestId, { ...rateHeaders, 'Idempotency-Replayed': 'true' });
      let reply: Reply;
      try {
        reply = await handler(ctx);
      } catch (error) {
        const failure = toApiError(error);
        if (failure.status < 500) {
          await completeIdempotency(db, scope, {
            status: failure.status,
            body: errorBody(failure, requestId),
          });
        } else {
          await releaseIdempotency(db, scope);
        }
        throw error;
      }
      await completeIdempotency(db, scope, { status: reply.status, body: reply.body });
      return respond(reply, requestId, rateHeaders);
    } catch (error) {
      return errorResponse(error, requestId, rateHeaders, `${op.method} ${op.path}`);
    }
  };
  return (req: NextRequest, next: NextContext): Promise<Response> => {
    const requestId = newId('request');
    return withLogContext({ requestId }, () => serve(req, next, requestId));
  };
}

function respond(reply: Reply, requestId: string, headers: Record<string, string>): Response {
  return Response.json(reply.body, {
    status: reply.status,
    headers: { ...headers, ...reply.headers, 'X-Request-Id': requestId },
  });
}

const METHODS: Method[] = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

/**
 * Handlers for the methods a route file does not serve. Next answers those with a bare 405 (no X-Request-Id,
 * no error body); a route file spreads this into its exports to keep the API's shape:
 * `export const { PUT, PATCH, DELETE } = otherMethods('GET', 'POST');`
 */
export function otherMethods(...served: Method[]): Record<Method, () => Promise<Response>> {
  const allow = served.join(', ');
  const handler = async () =>
    errorResponse(apiError('method_not_allowed', `this route serves ${allow}`), newId('request'), {
      Allow: allow,
    });
  return Object.fromEntries(METHODS.filter((m) => !served.includes(m)).map((m) => [m, handler])) as Record<
    Method,
    () => Promise<Response>
  >;
}

/**
 * The wrapper for routes without a management credential (management-login start and poll, the webhook door):
 * request id and the API's error shape. With `body`, a JSON body is validated; without, the handler reads the
 * request itself.
 */
export function publicRoute<S extends z.ZodType = z.ZodUndefined>(
  opts: { body?: S },
  handler: (ctx: {
    req: NextRequest;
    requestId: string;
    body: z.output<S>;
    params: Record<string, string>;
  }) => Promise<Reply>,
) {
  return async (
    req: NextRequest,
    context?: { params?: Promise<Record<string, string>> },
  ): Promise<Response> => {
    const requestId = newId('request');
    return withLogContext({ requestId }, async () => {
      try {
        const body = (opts.body ? opts.body.parse(await readJsonBody(req)) : undefined) as z.output<S>;
        const params = (await context?.params) ?? {};
        return respond(await handler({ req, requestId, body, params }), requestId, {});
      } catch (error) {
        return errorResponse(error, requestId);
      }
    });
  };
}
