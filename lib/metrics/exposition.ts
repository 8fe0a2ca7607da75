import { timingSafeEqual } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '@/db/client';
import { executions } from '@/db/schema';
import { metrics } from './registry';

const UNFINISHED = ['pending', 'running', 'simulating', 'submitted', 'submitted_unknown'] as const;

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
    .where(inArray(executions.status, [...UNFINISHED]))
    .groupBy(executions.status);
  for (const status of UNFINISHED)
    m.queueDepth.set({ status }, rows.find((r) => r.status === status)?.count ?? 0);
  return { body: await m.registry.metrics(), contentType: m.registry.contentType };
}
