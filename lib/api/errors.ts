import { type ErrorCode, statusOf } from './error-codes';

export type { ErrorCode } from './error-codes';

/**
 * The one error type: handlers throw it, only the route wrapper turns it into `{ error, code, requestId }`. Its
 * status is the code's, from the one table in `./error-codes`.
 */
export class ApiError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    /** Extra fields merged into the error body (diagnostics such as `details`). */
    readonly extra?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.status = statusOf(code);
  }
}

/** An ApiError of `code` with its status from the table (the form every throw site uses). */
export const apiError = (
  code: ErrorCode,
  message: string,
  extra?: Record<string, unknown>,
  headers?: Record<string, string>,
) => new ApiError(code, message, extra, headers);

export const notFound = (what: string) => apiError('not_found', `${what} not found`);
