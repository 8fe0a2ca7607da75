'use client';

import { RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { deleteSecretAction, rotateSecretAction } from '../actions';
import { SecretValueField } from './secret-value-field';

type Mode = 'rotate' | 'delete' | null;

export function SecretActions({
  workspaceSlug,
  projectId,
  secret,
}: {
  workspaceSlug: string;
  projectId: string;
  secret: { id: string; name: string; version: number };
}) {
  const [mode, setMode] = useState<Mode>(null);
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const close = () => {
    setMode(null);
    setValue('');
    setError(null);
  };

  const rotate = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await rotateSecretAction(workspaceSlug, projectId, secret.id, value);
      if (!result.ok) return setError(result.error);
      toast.success(`${secret.name} rotated to v${result.data.version}`);
      close();
    });
  };

  const remove = () =>
    startTransition(async () => {
      const result = await deleteSecretAction(workspaceSlug, projectId, secret.id);
      if (!result.ok) return setError(result.error);
      toast.success(`${secret.name} deleted`);
      close();
    });

  return (
    <div className="flex justify-end gap-1">
      <Button
        variant="ghost"
        size="sm"
        onClick={() => setMode('rotate')}
        aria-label={`Rotate ${secret.name}`}
      >
        <RefreshCw />
        Rotate
      </Button>
      <Button
        variant="ghost"
        size="icon-sm"
        className="text-muted-foreground hover:text-destructive"
        onClick={() => setMode('delete')}
        aria-label={`Delete ${secret.name}`}
      >
        <Trash2 />
      </Button>

      <Dialog
        open={mode === 'rotate'}
        onOpenChange={(o) => !o && close()}
        title={`Rotate ${secret.name}`}
        description={`Replaces the value (now v${secret.version}). Runs that start after this use the new value.`}
      >
        <form onSubmit={rotate} className="text-left">
          <DialogBody>
            <SecretValueField value={value} onChange={setValue} autoFocus />
            {error && <Alert variant="destructive">{error}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={close} pending={pending}>
            Rotate secret
          </FormDialogFooter>
        </form>
      </Dialog>

      <ConfirmDialog
        open={mode === 'delete'}
        onOpenChange={(o) => !o && close()}
        title={`Delete ${secret.name}?`}
        description="Executables bound to this secret will no longer receive it. This cannot be undone."
        error={error}
        confirmLabel="Delete secret"
        onConfirm={remove}
        pending={pending}
      />
    </div>
  );
}
