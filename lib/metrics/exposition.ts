import { timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { type ExecutionStatus, IN_FLIGHT_EXECUTION_STATUSES } from '@/db/enums';
import { executions } from '@/db/schema';
import { metrics } from './registry';

/**
 * The queue-depth gauge's statuses: the executions in flight, and the `submitted_unknown` ones, final for their run
 * but still work for the reconciler (docs/observability.md).
 */
const QUEUED = [
  ...IN_FLIGHT_EXECUTION_STATUSES,
  'submitted_unknown',
] as const satisfies readonly ExecutionStatus[];

/** The token `GET /metrics` requires (TICKWORK_METRICS_TOKEN); null turns the endpoint off. */
export function metricsToken(): string | null {
  const token = process.env.TICKWORK_METRICS_TOKEN?.trim();
  return token ? token : null;
}

/** Constant-time check of an `Authorization: Bearer <token>` header against the configured token. */
export function authorizedScrape(header: string | null, token: string): boolean {
  const given = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Reads what only the database knows for every process (the queue), then renders the Prometheus text. */
export async function scrape(db: Db): Promise<{ body: string; contentType: string }> {
  const m = metrics();
  const rows = await db
    .select({ status: executions.status, count: sql<number>`count(*)::int` })
    .from(executions)
    .where(inArray(executions.status, [...QUEUED]))
    .groupBy(executions.status);
  for (const status of QUEUED)
    m.queueDepth.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
