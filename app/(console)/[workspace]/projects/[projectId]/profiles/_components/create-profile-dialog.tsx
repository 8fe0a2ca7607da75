'use client';

import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { createProfileAction } from '../actions';

export type ChainOption = { chainId: number; name: string; testnet: boolean };

/** The legacy profile form, opened from the New profile menu. */
export function CreateProfileDialog({
  workspaceSlug,
  projectId,
  chains,
  open,
  onOpenChange,
}: {
  workspaceSlug: string;
  projectId: string;
  chains: ChainOption[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [alias, setAlias] = useState('');
  const [chainId, setChainId] = useState(String(chains[0]?.chainId ?? ''));
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setAlias('');
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createProfileAction(workspaceSlug, projectId, { alias, chainId: Number(chainId) });
      if (!result.ok) return setError({ message: result.error, field: result.field });
      toast.success(`Profile ${result.data.name} created`, {
        description: 'Provisioning on chain; it turns active in a few seconds.',
      });
      toggle(false);
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={toggle}
      title="New legacy profile"
      description="Tickwork generates an account, keeps its key encrypted and delegates it on chain (EIP-7702)."
    >
      <form onSubmit={submit}>
        <DialogBody>
          <Field
            label="Alias"
            htmlFor="profile-alias"
            error={error?.field === 'alias' ? error.message : undefined}
            hint="The profile's name in this project."
          >
            <Input
              id="profile-alias"
              autoFocus
              required
              maxLength={100}
              placeholder="Keeper hot wallet"
              value={alias}
              onChange={(e) => setAlias(e.target.value)}
            />
          </Field>
          <Field label="Chain" htmlFor="profile-chain">
            <Select id="profile-chain" value={chainId} onChange={(e) => setChainId(e.target.value)}>
              {chains.map((c) => (
                <option key={c.chainId} value={c.chainId}>
                  {c.name} · {c.chainId}
                  {c.testnet ? ' (testnet)' : ''}
                </option>
              ))}
            </Select>
          </Field>
          {error && error.field !== 'alias' && <Alert variant="destructive">{error.message}</Alert>}
        </DialogBody>
        <FormDialogFooter onCancel={() => toggle(false)} pending={pending} disabled={!chainId}>
          Create profile
        </FormDialogFooter>
      </form>
    </Dialog>
  );
}
