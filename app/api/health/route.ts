import { getDb } from '@/db/client';
import { statusOf } from '@/lib/api/error-codes';
import { newId } from '@/lib/ids';

export const dynamic = 'force-dynamic';

// GET /api/health — 200 when the database answers
export async function GET() {
  const requestId = newId('request');
  try {
    await getDb().$sql`select 1`;
    return Response.json({ status: 'ok' }, { headers: { 'X-Request-Id': requestId } });
  } catch {
    return Response.json(
      { error: 'database unavailable', code: 'unavailable', requestId },
      { status: statusOf('unavailable'), headers: { 'X-Request-Id': requestId } },
    );
  }
}
