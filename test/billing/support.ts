import { testDb } from '../support/fixtures';

// Reads for the billing tests: the workspace's plan, its plan.changed events and its billing account, straight
// from the database the app and the console actions share.

export const workspaceSlug = async (workspaceId: string) => {
  const [row] = await testDb().$sql`select slug from workspaces where id = ${workspaceId}`;
  return row.slug as string;
};

export const planOf = async (workspaceId: string) => {
  const [row] = await testDb().$sql`select plan from workspaces where id = ${workspaceId}`;
  return row.plan as string;
};

export const planEvents = async (workspaceId: string) =>
  testDb().$sql`
    select actor_user_id, actor_label, credential_kind, target_type, target_id, details
    from audit_events where workspace_id = ${workspaceId} and action = 'plan.changed' order by id`;

export const billingAccount = async (workspaceId: string) => {
  const [row] = await testDb().$sql`
    select provider, customer_id, subscription_id, status from billing_accounts where workspace_id = ${workspaceId}`;
  return row;
};
