import { getDb } from '@/db/client';
import { deleteAlertRuleOp, getAlertRuleOp, updateAlertRuleOp } from '@/lib/alerts/rule-operations';
import { deleteRule, getRule, updateRule } from '@/lib/alerts/rules';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { principalActor } from '@/lib/audit/principal-actor';

// GET /api/v1/alert-rules/{ruleId}
export const GET = route(getAlertRuleOp, async ({ principal, params }) =>
  ok(await getRule(getDb(), principal.workspaceId, params.ruleId)),
);

// PATCH /api/v1/alert-rules/{ruleId} — params, channels, enabled
export const PATCH = route(updateAlertRuleOp, async ({ principal, params, body }) => {
  const db = getDb();
  return ok(
    await updateRule(db, principal.workspaceId, await principalActor(db, principal), params.ruleId, body),
  );
});

// DELETE /api/v1/alert-rules/{ruleId}
export const DELETE = route(deleteAlertRuleOp, async ({ principal, params }) => {
  const db = getDb();
  return ok(await deleteRule(db, principal.workspaceId, await principalActor(db, principal), params.ruleId));
});

// Other methods: 405 in the API's error shape
export const { POST, PUT } = otherMethods('GET', 'PATCH', 'DELETE');
