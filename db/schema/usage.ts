import { date, integer, pgTable, primaryKey } from 'drizzle-orm/pg-core';
import { workspaceOwned } from './ownership';

/** Daily usage counters per workspace, upserted by the execution engine. */
export const usageDaily = pgTable(
  'usage_daily',
  {
    ...workspaceOwned(),
    day: date('day', { mode: 'string' }).notNull(),
    computeUnits: integer('compute_units').notNull().default(0),
    executions: integer('executions').notNull().default(0),
    rpcRequests: integer('rpc_requests').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.workspaceId, t.day] })],
);
