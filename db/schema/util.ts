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
