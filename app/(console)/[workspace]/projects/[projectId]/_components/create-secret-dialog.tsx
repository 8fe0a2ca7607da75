'use client';

import { Plus } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { createSecretAction } from '../actions';
import { SecretValueField } from './secret-value-field';

export function CreateSecretDialog({
  workspaceSlug,
  projectId,
}: {
  workspaceSlug: string;
  projectId: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    // The value leaves the browser's memory as soon as the dialog closes.
    if (!next) {
      setName('');
      setValue('');
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createSecretAction(workspaceSlug, projectId, { name, value });
      if (!result.ok) {
        setError({ message: result.error, field: result.field });
        return;
      }
      toast.success(`Secret ${result.data.name} saved`, {
        description: 'Its value will not be shown again.',
      });
      toggle(false);
    });
  };

  return (
    <>
      <Button size="sm" onClick={() => toggle(true)}>
        <Plus />
        New secret
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title="New secret"
        description="Tasks of this project read it by name through the bindings of their executables."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <Field
              label="Name"
              htmlFor="secret-name"
              error={error?.field === 'name' ? error.message : undefined}
              hint="Letters, digits, _ . and -; starts with a letter or underscore."
            >
              <Input
                id="secret-name"
                autoFocus
                required
                maxLength={64}
                className="font-mono"
                placeholder="PRICE_API_KEY"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <SecretValueField
              value={value}
              onChange={setValue}
              error={error?.field === 'value' ? error.message : undefined}
            />
            {error && !['name', 'value'].includes(error.field ?? '') && (
              <Alert variant="destructive">{error.message}</Alert>
            )}
          </DialogBody>
          <FormDialogFooter onCancel={() => toggle(false)} pending={pending}>
            Save secret
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
