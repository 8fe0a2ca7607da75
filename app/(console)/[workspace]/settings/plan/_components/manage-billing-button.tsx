'use client';

import { ExternalLink, Loader2 } from 'lucide-react';
import { useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { billingPortalAction } from '../actions';

/** Opens the billing provider's customer portal (invoices, payment method, cancellation). */
export function ManageBillingButton({ workspaceSlug }: { workspaceSlug: string }) {
  const [pending, startTransition] = useTransition();
  const open = () =>
    startTransition(async () => {
      const result = await billingPortalAction(workspaceSlug);
      if (!result.ok) return void toast.error(result.error);
      window.location.assign(result.data.url);
    });
  return (
    <Button variant="outline" disabled={pending} onClick={open}>
      {pending ? <Loader2 className="animate-spin" /> : <ExternalLink />}
      Manage billing / invoices
    </Button>
  );
}
