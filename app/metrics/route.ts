import { getDb } from '@/db/client';
import { errorResponse } from '@/lib/api/error-response';
import { apiError } from '@/lib/api/errors';
import { newId } from '@/lib/ids';
import { authorizedScrape, metricsToken, scrape } from '@/lib/metrics/exposition';

export const dynamic = 'force-dynamic';

// GET /metrics — Prometheus text format for a scraper holding TICKWORK_METRICS_TOKEN (off when unset).
export async function GET(req: Request) {
  const requestId = newId('request');
  const token = metricsToken();
  if (!token) return errorResponse(apiError('not_found', 'metrics are off on this server'), requestId);
  if (!authorizedScrape(req.headers.get('authorization'), token))
    return errorResponse(
      apiError('unauthorized', 'send Authorization: Bearer <TICKWORK_METRICS_TOKEN>'),
      requestId,
    );
  const { body, contentType } = await scrape(getDb());
  return new Response(body, {
    headers: { 'Content-Type': contentType, 'X-Request-Id': requestId, 'Cache-Control': 'no-store' },
  });
}
