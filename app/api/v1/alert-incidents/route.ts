import { getDb } from '@/db/client';
import { listIncidents } from '@/lib/alerts/incidents';
import { listAlertIncidentsOp } from '@/lib/alerts/rule-operations';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';

// GET /api/v1/alert-incidents?projectId=&executableId=&state= — incidents, newest first
export const GET = route(listAlertIncidentsOp, async ({ principal, query }) =>
  ok(await listIncidents(getDb(), principal.workspaceId, query)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
