import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import type { PlanId } from '@/db/enums';
import { workspaces } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import type { BillingProviderId } from './provider';

export type SetWorkspacePlanResult = { changed: boolean; from: PlanId; to: PlanId };

/**
 * The one way a workspace's plan changes (console switch, Stripe webhook): updates `workspaces.plan` and records
 * `plan.changed` in the same transaction. Limits follow at once: every limit check reads `workspaces.plan`.
 * Setting the plan it already has changes nothing and records nothing (webhooks repeat themselves).
 */
export async function setWorkspacePlan(
  db: DbOrTx,
  workspaceId: string,
  plan: PlanId,
  actor: Actor,
  provider: BillingProviderId,
): Promise<SetWorkspacePlanResult> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ plan: workspaces.plan })
      .from(workspaces)
      .where(eq(workspaces.id, workspaceId))
      .for('update');
    if (!row) throw notFound('workspace');
    if (row.plan === plan) return { changed: false, from: row.plan, to: plan };
    await tx.update(workspaces).set({ plan }).where(eq(workspaces.id, workspaceId));
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'plan.changed',
      target: { type: 'workspace', id: workspaceId },
      details: { from: row.plan, to: plan, provider },
    });
    return { changed: true, from: row.plan, to: plan };
  });
}
