'use client';

import { Trash2 } from 'lucide-react';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { deleteWorkspaceAction } from '../actions';

type Active = { id: string; name: string }[];

/** Owners: deletes the workspace after naming what goes and typing its name back. */
export function DeleteWorkspaceDialog({ workspaceSlug, name }: { workspaceSlug: string; name: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [active, setActive] = useState<Active>([]);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    setTyped('');
    setError(null);
    setActive([]);
  };

  const submit = () =>
    startTransition(async () => {
      const result = await deleteWorkspaceAction(workspaceSlug, typed);
      if (!result.ok) {
        setActive((result.details?.executables as Active | undefined) ?? []);
        return setError(result.error);
      }
      if (!result.data.billingEnded)
        window.alert(
          'The workspace is deleted, but its subscription could not be canceled at the billing provider: contact support so that you are not charged.',
        );
      // A full load: the deleted workspace must not linger in any client cache.
      window.location.assign('/');
    });

  return (
    <>
      <Button
        variant="outline"
        className="text-destructive hover:text-destructive"
        onClick={() => toggle(true)}
      >
        <Trash2 />
        Delete workspace
      </Button>
      <ConfirmDialog
        open={open}
        onOpenChange={toggle}
        title={`Delete ${name}?`}
        confirmLabel="Delete workspace"
        onConfirm={submit}
        pending={pending}
        disabled={typed !== name}
      >
        <div className="space-y-2 text-sm">
          <p>This deletes the workspace for everyone, and with it:</p>
          <ul className="list-disc pl-5">
            <li>every project, with its executables, functions, profiles and secrets;</li>
            <li>every webhook URL and result link (they stop working at once);</li>
            <li>every API key bound to the workspace, and the pending invitations;</li>
            <li>every member’s access.</li>
          </ul>
          <p className="text-muted-foreground">
            It is refused while an executable is active: pause them first. On-chain accounts and their funds
            are not touched.
          </p>
        </div>
        <Field label={`Type “${name}” to confirm`} htmlFor="delete-workspace-name">
          <Input
            id="delete-workspace-name"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
        </Field>
        {error && (
          <Alert variant="destructive">
            <p>{error}</p>
            {active.length > 0 && (
              <ul className="mt-1 list-disc pl-5">
                {active.map((e) => (
                  <li key={e.id}>{e.name}</li>
                ))}
              </ul>
            )}
          </Alert>
        )}
      </ConfirmDialog>
    </>
  );
}
