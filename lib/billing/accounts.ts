import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { billingAccounts } from '@/db/schema';

export type BillingAccount = typeof billingAccounts.$inferSelect;

export async function getBillingAccount(db: DbOrTx, workspaceId: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.workspaceId, workspaceId));
  return row;
}

export async function findBillingAccountByCustomer(db: DbOrTx, provider: string, customerId: string) {
  const [row] = await db.select().from(billingAccounts).where(eq(billingAccounts.customerId, customerId));
  return row?.provider === provider ? row : undefined;
}

/** Records (or replaces) the workspace's customer and subscription at its provider. */
export async function saveBillingAccount(
  db: DbOrTx,
  account: Pick<BillingAccount, 'workspaceId' | 'provider' | 'customerId' | 'subscriptionId' | 'status'>,
) {
  const { workspaceId, ...fields } = account;
  await db
    .insert(billingAccounts)
    .values(account)
    .onConflictDoUpdate({ target: billingAccounts.workspaceId, set: fields });
}

/** A subscription that still bills (not ended): the one to change rather than start another. */
export const hasLiveSubscription = (account: BillingAccount | undefined) =>
  Boolean(account?.subscriptionId) && !['canceled', 'incomplete_expired'].includes(account?.status ?? '');
