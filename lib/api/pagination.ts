import { z } from 'zod';
import { apiError } from './errors';

const CursorSchema = z.object({ id: z.string().min(1) });

export const pageQuery = {
  limit: z.coerce.number().int().min(1).max(200).default(50).meta({ description: 'Page size, 1..200' }),
  cursor: z.string().optional().meta({ description: 'Opaque cursor from the previous page' }),
};

export const paginationSchema = z.strictObject({ cursor: z.string(), isDone: z.boolean() });

export const encodeCursor = (id: string) => Buffer.from(JSON.stringify({ id })).toString('base64url');

/** The id after which the next page starts (ids are time-sortable, so keyset on id is keyset on creation). */
export function decodeCursor(cursor: string | undefined): string | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  try {
    return CursorSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))).id;
  } catch {
    throw apiError('invalid_request', 'cursor is not one this API issued');
  }
}

/** Turns `limit + 1` fetched rows into a Page envelope. */
export function toPage<T extends { id: string }>(rows: T[], limit: number) {
  const isDone = rows.length <= limit;
  const data = isDone ? rows : rows.slice(0, limit);
  const last = data.at(-1);
  return { data, pagination: { cursor: last ? encodeCursor(last.id) : '', isDone } };
}
