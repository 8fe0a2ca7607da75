'use client';

import { Plus } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogFooter, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NewKeyReveal } from '../../_components/new-key-reveal';
import { createRpcKeyAction } from '../actions';

export function CreateRpcKeyDialog({ workspaceSlug, rpcUrl }: { workspaceSlug: string; rpcUrl: string }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    // Forget the token once the dialog closes: it is never shown again.
    if (!next) {
      setName('');
      setToken(null);
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createRpcKeyAction(workspaceSlug, name);
      if (!result.ok) return setError(result.error);
      setToken(result.data.token);
    });
  };

  return (
    <>
      <Button onClick={() => toggle(true)}>
        <Plus />
        Create RPC key
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title={token ? 'Your new RPC key' : 'Create RPC key'}
        description={
          token
            ? 'Store it where your app reads its RPC URL now.'
            : 'A key for this workspace’s JSON-RPC requests through the gateway. It cannot call the management API.'
        }
      >
        {token ? (
          <>
            <DialogBody>
              <NewKeyReveal
                token={token}
                testId="new-rpc-key"
                tryIt={`curl ${rpcUrl}/v1/chains -H "apikey: $TICKWORK_RPC_KEY"`}
              />
            </DialogBody>
            <DialogFooter>
              <Button onClick={() => toggle(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit}>
            <DialogBody>
              <Field
                label="Name"
                htmlFor="rpc-key-name"
                hint="So you can tell your keys apart, e.g. “indexer”."
              >
                <Input
                  id="rpc-key-name"
                  autoFocus
                  required
                  maxLength={64}
                  placeholder="Indexer"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </Field>
              {error && <Alert variant="destructive">{error}</Alert>}
            </DialogBody>
            <FormDialogFooter onCancel={() => toggle(false)} pending={pending}>
              Create key
            </FormDialogFooter>
          </form>
        )}
      </Dialog>
    </>
  );
}
