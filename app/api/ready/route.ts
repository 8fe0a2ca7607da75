import { newId } from '@/lib/ids';
import { readiness } from '@/lib/instance/readiness';

export const dynamic = 'force-dynamic';

// GET /api/ready — 200 when this instance may take traffic and work, else 503; the body says each check
// (docs/deploy.md). GET /api/health stays the bare liveness probe: the process and its database answer.
export async function GET() {
  const report = await readiness();
  return Response.json(report, {
    status: report.ready ? 200 : 503,
    headers: { 'X-Request-Id': newId('request'), 'Cache-Control': 'no-store' },
  });
}
