'use client';

import { Plus } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, DialogFooter, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  DEFAULT_KEY_EXPIRY,
  KEY_EXPIRIES,
  KEY_EXPIRY_CHOICES,
  type KeyExpiry,
  keyExpiresAt,
} from '@/lib/auth/key-expiry';
import { SCOPE_PRESETS, type ScopePreset } from '@/lib/auth/scope-presets';
import type { Scope } from '@/lib/auth/scopes';
import { formatDate } from '@/lib/console/format';
import { NewKeyReveal } from '../../_components/new-key-reveal';
import { createApiKeyAction } from '../actions';
import { ScopePicker } from './scope-picker';

const DEFAULT_ACCESS = { mode: 'read' as ScopePreset, scopes: [...SCOPE_PRESETS.read] as Scope[] };

export function CreateApiKeyDialog({
  workspaceSlug,
  workspaceName,
}: {
  workspaceSlug: string;
  workspaceName: string;
}) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [access, setAccess] = useState(DEFAULT_ACCESS);
  const [expiry, setExpiry] = useState<KeyExpiry>(DEFAULT_KEY_EXPIRY);
  const [token, setToken] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    // Forget the token once the dialog closes: it is never shown again.
    if (!next) {
      setName('');
      setAccess(DEFAULT_ACCESS);
      setExpiry(DEFAULT_KEY_EXPIRY);
      setToken(null);
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createApiKeyAction(workspaceSlug, { name, scopes: access.scopes, expiry });
      if (!result.ok) return setError(result.error);
      setToken(result.data.token);
    });
  };

  const expiresAt = keyExpiresAt(expiry);

  return (
    <>
      <Button onClick={() => toggle(true)}>
        <Plus />
        Create API key
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        className="max-w-2xl"
        title={token ? 'Your new API key' : 'Create API key'}
        description={
          token
            ? 'Store it in your secret manager or environment now.'
            : `A key for scripts and CI, bound to ${workspaceName}: it cannot act in another workspace.`
        }
      >
        {token ? (
          <>
            <DialogBody>
              <NewKeyReveal
                token={token}
                testId="new-api-key"
                tryIt={`curl ${typeof window === 'undefined' ? '' : window.location.origin}/api/v1/projects \\
  -H "Authorization: Bearer $TICKWORK_API_KEY"`}
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
                htmlFor="api-key-name"
                hint="So you can tell your keys apart, e.g. “deploy script”."
              >
                <Input
                  id="api-key-name"
                  autoFocus
                  required
                  maxLength={64}
                  placeholder="Deploy script"
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </Field>
              <div className="grid gap-2">
                <p className="font-medium text-sm leading-none">Access</p>
                <ScopePicker scopes={access.scopes} mode={access.mode} onChange={setAccess} />
                <p className="text-muted-foreground text-xs">
                  Writes also need the owner or admin role: a member’s key only ever reads.
                </p>
              </div>
              <Field
                label="Expires"
                htmlFor="api-key-expiry"
                hint={
                  expiresAt
                    ? `The key stops working on ${formatDate(expiresAt)}.`
                    : 'The key works until someone revokes it. Prefer an expiry for keys that leave your machine.'
                }
              >
                <Select
                  id="api-key-expiry"
                  value={expiry}
                  onChange={(e) => setExpiry(e.target.value as KeyExpiry)}
                >
                  {KEY_EXPIRY_CHOICES.map((choice) => (
                    <option key={choice} value={choice}>
                      {KEY_EXPIRIES[choice].label}
                    </option>
                  ))}
                </Select>
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
