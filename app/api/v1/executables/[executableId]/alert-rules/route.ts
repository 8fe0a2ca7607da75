import { getDb } from '@/db/client';
import { listExecutableAlertRulesOp } from '@/lib/alerts/rule-operations';
import { effectiveRules } from '@/lib/alerts/rules';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';

// GET /api/v1/executables/{executableId}/alert-rules — the rules in force (own or inherited)
export const GET = route(listExecutableAlertRulesOp, async ({ principal, params }) =>
  ok(await effectiveRules(getDb(), principal.workspaceId, params.executableId)),
);

// Other methods: 405 in the API's error shape
export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
