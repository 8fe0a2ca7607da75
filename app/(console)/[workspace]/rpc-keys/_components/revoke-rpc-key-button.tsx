'use client';

import { Loader2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogFooter } from '@/components/ui/dialog';
import { revokeRpcKeyAction } from '../actions';

export function RevokeRpcKeyButton({
  workspaceSlug,
  keyId,
  name,
}: {
  workspaceSlug: string;
  keyId: string;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const revoke = () =>
    startTransition(async () => {
      const result = await revokeRpcKeyAction(workspaceSlug, keyId);
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
      <Dialog
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          setError(null);
        }}
        title={`Revoke ${name}?`}
        description="Gateway requests with this key fail within seconds. Apps using it get 401."
      >
        <DialogBody className="text-left">
          {error ? (
            <Alert variant="destructive">{error}</Alert>
          ) : (
            <p className="text-muted-foreground text-sm">This cannot be undone.</p>
          )}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={pending} onClick={revoke}>
            {pending && <Loader2 className="animate-spin" />}
            Revoke key
          </Button>
        </DialogFooter>
      </Dialog>
    </>
  );
}
