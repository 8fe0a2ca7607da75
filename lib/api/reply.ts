/** What a handler returns; the wrapper turns it into the HTTP response (and the idempotency record). */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> };

/** Object or Array envelope: `{ data }`. */
export const ok = (data: unknown, status = 200): Reply => ({ status, body: { data } });
export const created = (data: unknown): Reply => ok(data, 201);
/** Page envelope: `{ data, pagination: { cursor, isDone } }` from `toPage`. */
export const paged = (page: { data: unknown[]; pagination: { cursor: string; isDone: boolean } }): Reply => ({
  status: 200,
  body: page,
});
