import type { Db } from '@/db/client';
import type { PlanId } from '@/db/enums';
import type { Actor } from '@/lib/audit/actor';

export type BillingProviderId = 'local' | 'stripe';

/** What a plan switch did: done at once, or the person must finish it at the provider (Stripe Checkout). */
export type PlanChangeResult = { kind: 'switched' } | { kind: 'redirect'; url: string };

export type ChangePlanInput = {
  workspace: { id: string; name: string; plan: PlanId };
  plan: PlanId;
  actor: Actor;
  /** The console page the provider sends the person back to. */
  returnUrl: string;
};

/**
 * What a verified provider webhook says about one workspace's billing. `workspaceId` when the event names it
 * (Checkout's `client_reference_id`), else the workspace is found by `customerId`; `plan: null` leaves the plan.
 */
export type BillingUpdate = {
  workspaceId: string | null;
  customerId: string;
  subscriptionId: string | null;
  status: string | null;
  plan: PlanId | null;
  /** The console user who started the change (Checkout), for the audit log. */
  userId: string | null;
  /** Checkout completion makes the subscription the workspace's; later events only follow that one. */
  source: 'checkout' | 'subscription';
};

/**
 * Where plans are paid for. The local provider (the default) switches at once; Stripe is chosen by
 * `STRIPE_SECRET_KEY`. Every plan change lands through `setWorkspacePlan`.
 */
export type BillingProvider = {
  id: BillingProviderId;
  /** Switches or starts switching; refuses (409) a plan the workspace does not fit. */
  changePlan(db: Db, input: ChangePlanInput): Promise<PlanChangeResult>;
  /** The provider's self-service page (invoices, payment method), or null when there is none. */
  portalUrl(db: Db, workspaceId: string, returnUrl: string): Promise<string | null>;
  /** Ends what the workspace pays for (its workspace was deleted): nothing for the local provider. */
  endBilling(db: Db, workspaceId: string): Promise<void>;
  /** Verifies a webhook (400 on a bad signature) and says what it changes. */
  handleWebhook(rawBody: string, headers: Headers): Promise<BillingUpdate[]>;
};
