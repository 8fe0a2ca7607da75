import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { requireExecutable } from '@/lib/executables/service';
import { ADHERENCE_TOLERANCE_MS, executableLatency } from '@/lib/executions/latency';
import { getExecutableLatencyOp } from '@/lib/executions/operations';

// GET /api/v1/executables/{executableId}/latency — p50/p95 trigger → confirmed and start, schedule adherence (24 h, 7 d)
export const GET = route(getExecutableLatencyOp, async ({ principal, params }) => {
  const db = getDb();
  const executable = await requireExecutable(db, principal.workspaceId, params.executableId);
  return ok({
    executableId: executable.id,
    adherenceToleranceMs: ADHERENCE_TOLERANCE_MS,
    windows: await executableLatency(db, principal.workspaceId, executable.id),
  });
});

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
