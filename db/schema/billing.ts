import { pgTable, text } from 'drizzle-orm/pg-core';
import { workspaces } from './accounts';
import { timestamps } from './util';

/** A workspace's account at its billing provider (Stripe customer and subscription); none for the local provider. */
export const billingAccounts = pgTable('billing_accounts', {
  workspaceId: text('workspace_id')
    .primaryKey()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
  provider: text('provider').notNull(),
  customerId: text('customer_id').notNull(),
  subscriptionId: text('subscription_id'),
  /** The provider's subscription status as last reported (e.g. `active`, `past_due`, `canceled`). */
  status: text('status'),
  ...timestamps,
});
