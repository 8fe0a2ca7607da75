'use client';

import { Plus, TriangleAlert } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogBody, DialogFooter, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
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
              <div className="flex items-center gap-2 rounded-lg border bg-muted/50 p-2 pl-3">
                <code data-testid="new-rpc-key" className="min-w-0 flex-1 break-all font-mono text-[13px]">
                  {token}
                </code>
                <CopyButton value={token} />
              </div>
              <div className="flex gap-3 rounded-lg border border-warning/40 bg-warning/10 px-4 py-3 text-[oklch(0.42_0.1_65)] text-sm">
                <TriangleAlert className="mt-0.5 size-4 shrink-0" />
                <p>
                  <strong className="font-semibold">You will not see this key again.</strong> Copy it now; if
                  you lose it, revoke it and create a new one.
                </p>
              </div>
              <div className="grid gap-1.5">
                <p className="font-medium text-muted-foreground text-xs">Try it</p>
                <pre className="overflow-x-auto rounded-lg bg-sidebar p-3 font-mono text-[12px] text-sidebar-foreground leading-relaxed">
                  {`curl ${rpcUrl}/v1/chains -H "apikey: $TICKWORK_RPC_KEY"`}
                </pre>
              </div>
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
