import { expect } from 'vitest';
import type { ApiResponse } from './http';

/** The management error shape: `{ error, code, requestId }` with X-Request-Id equal to the body's requestId. */
export function expectError(res: ApiResponse, status: number, code: string) {
  expect({ status: res.status, code: res.body?.code }, res.text).toEqual({ status, code });
  expect(typeof res.body.error).toBe('string');
  expect(res.body.error.length).toBeGreaterThan(0);
  expect(res.body.requestId).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
  expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
}

/** A success with the given status and a request id header. */
export function expectStatus(res: ApiResponse, status: number) {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('x-request-id')).toMatch(/^req_[0-9A-HJKMNP-TV-Z]{26}$/);
}

/** Object / Array envelope: exactly `{ data }`. */
export function expectDataEnvelope(res: ApiResponse) {
  expect(Object.keys(res.body)).toEqual(['data']);
}

/** Page envelope: exactly `{ data: [], pagination: { cursor, isDone } }`. */
export function expectPageEnvelope(res: ApiResponse) {
  expect(Object.keys(res.body).sort()).toEqual(['data', 'pagination']);
  expect(Array.isArray(res.body.data)).toBe(true);
  expect(Object.keys(res.body.pagination).sort()).toEqual(['cursor', 'isDone']);
  expect(typeof res.body.pagination.cursor).toBe('string');
  expect(typeof res.body.pagination.isDone).toBe('boolean');
}
