/** Stable error codes of the management API (see docs/api-conventions.md). */
export type ErrorCode =
  | 'unauthorized'
  | 'forbidden'
  | 'insufficient_scope'
  | 'workspace_mismatch'
  | 'workspace_required'
  | 'not_found'
  | 'method_not_allowed'
  | 'invalid_request'
  | 'conflict'
  | 'idempotency_conflict'
  | 'idempotency_in_progress'
  | 'rate_limited'
  | 'internal_error'
  | (string & {});

/** The one error type: handlers throw it, only the route wrapper turns it into `{ error, code, requestId }`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the error body (diagnostics such as `details`). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (what: string) => new ApiError(404, 'not_found', `${what} not found`);
