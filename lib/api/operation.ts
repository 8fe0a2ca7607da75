import type { z } from 'zod';
import type { Scope } from '@/lib/auth/scopes';
import type { ErrorCode } from './errors';

export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

type Shape = z.ZodObject;

/**
 * One operation object per route: the zod schemas here validate requests and feed the OpenAPI document.
 * `path` is the OpenAPI template (`/api/v1/projects/{projectId}`), which is also the idempotency route template.
 */
export type Operation<
  B extends Shape | undefined = Shape | undefined,
  Q extends Shape | undefined = Shape | undefined,
  P extends Shape | undefined = Shape | undefined,
> = {
  method: Method;
  path: string;
  scope: Scope;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  params?: P;
  /** Success responses by status. */
  responses: Partial<Record<200 | 201 | 202, z.ZodType>>;
  description?: string;
  /** false: the management idempotency mechanism does not apply (the upload route). */
  idempotent?: false;
  /** A JSON body limit other than the default 1 MiB, and the code of its 413 (the storage route: 16 MiB). */
  maxBody?: { bytes: number; code: ErrorCode };
  /** A multipart/form-data body read by the handler itself, documented with this schema. */
  form?: z.ZodObject;
  /**
   * The codes the handler may answer beyond the wrapper's own (credential, scope, validation, not found, rate
   * limit, idempotency, body): the OpenAPI document lists them under their status from `./error-codes`.
   */
  errors?: readonly ErrorCode[];
};

export function defineOperation<
  B extends Shape | undefined = undefined,
  Q extends Shape | undefined = undefined,
  P extends Shape | undefined = undefined,
>(op: Operation<B, Q, P>): Operation<B, Q, P> {
  return op;
}
