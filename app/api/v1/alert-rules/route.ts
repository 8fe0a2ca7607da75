import { getDb } from '@/db/client';
import { createAlertRuleOp, listAlertRulesOp } from '@/lib/alerts/rule-operations';
import { createRule, listRules } from '@/lib/alerts/rules';
import { created, ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';

// GET /api/v1/alert-rules?projectId= — a project's alert rules
export const GET = route(listAlertRulesOp, async ({ principal, query }) =>
  ok(await listRules(getDb(), principal.workspaceId, query.projectId)),
);

// POST /api/v1/alert-rules — a project default or an executable's own rule
export const POST = route(createAlertRuleOp, async ({ principal, body }) => {
  const db = getDb();
  return created(await createRule(db, principal.workspaceId, await principalActor(db, principal), body));
});

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
