'use client';

import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ActionResult } from '@/lib/console/action';

/** Revokes one key (management or RPC) after a confirmation; `revoke` is the page's server action. */
export function RevokeKeyButton({
  workspaceSlug,
  keyId,
  name,
  revoke: revokeAction,
  description,
}: {
  workspaceSlug: string;
  keyId: string;
  name: string;
  revoke: (workspaceSlug: string, keyId: string) => Promise<ActionResult<unknown>>;
  /** What stops working once it is revoked. */
  description: string;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const revoke = () =>
    startTransition(async () => {
      const result = await revokeAction(workspaceSlug, keyId);
      if (!result.ok) return setError(result.error);
      toast.success(`${name} revoked`);
      setOpen(false);
    });

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setOpen(true)}
      >
        Revoke
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setError(null);
        }}
        title={`Revoke ${name}?`}
        description={description}
        error={error}
        confirmLabel="Revoke key"
        onConfirm={revoke}
        pending={pending}
      >
        {!error && <p className="text-muted-foreground text-sm">This cannot be undone.</p>}
      </ConfirmDialog>
    </>
  );
}
