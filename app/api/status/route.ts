import { notFound } from 'next/navigation';
import { getDb } from '@/db/client';
import { errorResponse } from '@/lib/api/error-response';
import { newId } from '@/lib/ids';
import { publicStatusEnabled } from '@/lib/status/config';
import { PUBLIC_STATUS_CACHE_MS, publicStatus } from '@/lib/status/snapshot';

export const dynamic = 'force-dynamic';

// GET /api/status — the public status page's figures as JSON, without credentials (TICKWORK_PUBLIC_STATUS=on;
// otherwise the path does not exist)
export async function GET() {
  if (!publicStatusEnabled()) notFound();
  const requestId = newId('request');
  try {
    const status = await publicStatus(getDb());
    const age = Date.now() - Date.parse(status.generatedAt);
    const maxAge = Math.max(0, Math.ceil((PUBLIC_STATUS_CACHE_MS - age) / 1000));
    return Response.json(
      { data: status },
      {
        headers: {
          'X-Request-Id': requestId,
          'Cache-Control': `public, max-age=${maxAge}`,
          'Access-Control-Allow-Origin': '*',
        },
      },
    );
  } catch (error) {
    return errorResponse(error, requestId, {}, '/api/status');
  }
}
