'use client';

import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { KeySource } from '@/db/enums';
import { createProfileAction, importProfileKeyAction } from '../actions';
import { ImportKeyField } from './import-key-field';

export type ChainOption = { chainId: number; name: string; testnet: boolean };

/** Whether Tickwork generates the account's key or the person imports one they hold. */
const COPY: Record<KeySource, { title: string; description: string; submit: string }> = {
  generated: {
    title: 'New account profile',
    description:
      'Tickwork generates an account, keeps its key encrypted and delegates it on chain (EIP-7702).',
    submit: 'Create profile',
  },
  imported: {
    title: 'Import an existing key',
    description:
      'An account profile on an account you already hold: Tickwork encrypts its key at once, never shows it again, and delegates the account on chain (EIP-7702). An address that already has other code on the chain is refused.',
    submit: 'Import key',
  },
};

/** The account profile form (API kind `legacy`), opened from the New profile menu: a generated account, or an imported key. */
export function CreateProfileDialog({
  workspaceSlug,
  projectId,
  chains,
  keySource,
  open,
  onOpenChange,
}: {
  workspaceSlug: string;
  projectId: string;
  chains: ChainOption[];
  keySource: KeySource;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [alias, setAlias] = useState('');
  const [privateKey, setPrivateKey] = useState('');
  const [chainId, setChainId] = useState(String(chains[0]?.chainId ?? ''));
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setAlias('');
      setPrivateKey('');
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const input = { alias, chainId: Number(chainId) };
      const result =
        keySource === 'imported'
          ? await importProfileKeyAction(workspaceSlug, projectId, { ...input, privateKey })
          : await createProfileAction(workspaceSlug, projectId, input);
      if (!result.ok) return setError({ message: result.error, field: result.field });
      setPrivateKey('');
      toast.success(
        keySource === 'imported'
          ? `Key imported: profile ${result.data.name}`
          : `Profile ${result.data.name} created`,
        { description: 'Provisioning on chain; it turns active in a few seconds.' },
      );
      toggle(false);
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={toggle}
      title={COPY[keySource].title}
      description={COPY[keySource].description}
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
          {keySource === 'imported' && (
            <ImportKeyField
              value={privateKey}
              onChange={setPrivateKey}
              error={error?.field === 'privateKey' ? error.message : undefined}
            />
          )}
          {error && error.field !== 'alias' && error.field !== 'privateKey' && (
            <Alert variant="destructive">{error.message}</Alert>
          )}
        </DialogBody>
        <FormDialogFooter onCancel={() => toggle(false)} pending={pending} disabled={!chainId}>
          {COPY[keySource].submit}
        </FormDialogFooter>
      </form>
    </Dialog>
  );
}
