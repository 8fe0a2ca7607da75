import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

/** Prefixed time-sortable id (see lib/ids.ts). */
export const id = () => text('id').primaryKey();

export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * `column in ('a', 'b')` with the values written out, for a partial index's `where` (drizzle-kit compares its text)
 * and the `on conflict` that must name the same predicate. Only for the constant lists of db/enums.ts.
 */
export const inValues = (column: string, values: readonly string[]) =>
  sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
