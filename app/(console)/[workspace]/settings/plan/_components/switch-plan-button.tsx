'use client';

import { Loader2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import type { BillingProviderId } from '@/lib/billing/provider';
import { changePlanAction } from '../actions';

/** Switches to `plan` after a confirmation; with Stripe an upgrade from Free continues at Checkout. */
export function SwitchPlanButton({
  workspaceSlug,
  plan,
  planName,
  upgrade,
  provider,
  hasSubscription,
}: {
  workspaceSlug: string;
  plan: string;
  planName: string;
  upgrade: boolean;
  provider: BillingProviderId;
  hasSubscription: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const toCheckout = provider === 'stripe' && plan !== 'free' && !hasSubscription;

  const confirm = () =>
    startTransition(async () => {
      const result = await changePlanAction(workspaceSlug, plan);
      if (!result.ok) return setError(result.error);
      if (result.data.kind === 'redirect') {
        window.location.assign(result.data.url);
        return;
      }
      toast.success(`Switched to the ${planName} plan`);
      setOpen(false);
    });

  const explanation = toCheckout
    ? `You continue to Stripe Checkout to pay; the plan switches as soon as Stripe confirms the payment.`
    : provider === 'stripe'
      ? plan === 'free'
        ? 'The subscription is canceled now and the workspace moves to Free at once.'
        : 'The subscription changes now; Stripe invoices the difference at once.'
      : 'The switch happens at once (this deployment bills nothing).';

  return (
    <>
      <Button
        className="w-full"
        variant={upgrade ? 'default' : 'outline'}
        onClick={() => setOpen(true)}
        data-testid={`switch-to-${plan}`}
      >
        {upgrade ? `Upgrade to ${planName}` : `Switch to ${planName}`}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setError(null);
        }}
        title={`Switch to the ${planName} plan?`}
        description="The new plan’s limits apply at once."
      >
        <DialogBody className="text-left">
          {error ? (
            <Alert variant="destructive">{error}</Alert>
          ) : (
            <p className="text-muted-foreground text-sm">{explanation}</p>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button disabled={pending} onClick={confirm}>
            {pending && <Loader2 className="animate-spin" />}
            {toCheckout ? 'Continue to checkout' : `Switch to ${planName}`}
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
