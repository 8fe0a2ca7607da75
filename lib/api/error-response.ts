import { ZodError } from 'zod';
import { isUniqueViolation, pgCode } from '@/db/errors';
import { log } from '@/lib/log';
import { ApiError, apiError } from './errors';

/**
 * 22021 / 22P05: text Postgres cannot store, such as a NUL character in an id, a query parameter or a body
 * field. The request's own data is at fault, so it is a 400, not a 500.
 */
const isUnstorableText = (error: unknown) => ['22021', '22P05'].includes(pgCode(error) ?? '');

export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof ZodError) {
    return apiError('invalid_request', 'request validation failed', {
      details: error.issues.map((i) => ({ path: i.path.join('.'), message: i.message, code: i.code })),
    });
  }
  if (isUniqueViolation(error))
    return apiError('conflict', 'a resource with these unique fields already exists');
  if (isUnstorableText(error))
    return apiError('invalid_request', 'the request contains characters that cannot be stored (NUL)');
  return apiError('internal_error', 'internal server error');
}

export const errorBody = (error: ApiError, requestId: string) => ({
  error: error.message,
  code: error.code,
  requestId,
  ...error.extra,
});

/**
 * The only place error bodies are written (also used by routes outside the management wrapper). A server fault
 * is logged with the request id, the route and the error's class and bounded message (lib/log/errors.ts), never
 * with the request's data.
 */
export function errorResponse(
  error: unknown,
  requestId: string,
  headers: Record<string, string> = {},
  route?: string,
): Response {
  const apiError = toApiError(error);
  if (apiError.status >= 500) log.error({ err: error, requestId, route }, 'unhandled error');
  return Response.json(errorBody(apiError, requestId), {
    status: apiError.status,
    headers: { ...headers, ...apiError.headers, 'X-Request-Id': requestId },
  });
}
