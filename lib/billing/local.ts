import { apiError } from '@/lib/api/errors';
import { assertWorkspaceFitsPlan } from './downgrade';
import { setWorkspacePlan } from './plan';
import type { BillingProvider } from './provider';

/** Development and self-hosting without payments: a switch happens at once; no portal, no webhooks. */
export const localBillingProvider: BillingProvider = {
  id: 'local',
  async changePlan(db, { workspace, plan, actor }) {
    await db.transaction(async (tx) => {
      await assertWorkspaceFitsPlan(tx, workspace.id, plan);
      await setWorkspacePlan(tx, workspace.id, plan, actor, 'local');
    });
    return { kind: 'switched' };
  },
  async portalUrl() {
    return null;
  },
  async endBilling() {},
  async handleWebhook() {
    throw apiError('not_found', 'the local billing provider takes no webhooks');
  },
};
