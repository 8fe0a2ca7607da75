'use client';

import { AlertTriangle, Link2, Pencil, Plus, RefreshCw, Trash2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { formatRelative } from '@/lib/console/format';
import {
  createWebhookAction,
  renameWebhookAction,
  revokeWebhookAction,
  rotateWebhookAction,
} from '../actions';

type Webhook = { id: string; name: string; createdAt: string; rotatedAt: string | null };

import type { ExecutableIds } from './ids';

type Mode = { kind: 'create' } | { kind: 'rename' | 'revoke'; webhook: Webhook } | null;

/** Named secret URLs of the executable; a URL is shown once, after create or rotate. */
export function WebhooksCard({
  ids,
  webhooks,
  canMutate,
}: {
  ids: ExecutableIds;
  webhooks: Webhook[];
  canMutate: boolean;
}) {
  const [mode, setMode] = useState<Mode>(null);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [revealed, setRevealed] = useState<{ name: string; url: string; rotated: boolean } | null>(null);
  const [pending, startTransition] = useTransition();

  const open = (next: Mode) => {
    setMode(next);
    setName(next && next.kind === 'rename' ? next.webhook.name : '');
    setError(null);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!mode) return;
    startTransition(async () => {
      if (mode.kind === 'create') {
        const result = await createWebhookAction(ids.workspaceSlug, ids.projectId, ids.executableId, name);
        if (!result.ok) return setError(result.error);
        setRevealed({ name: result.data.name, url: result.data.url, rotated: false });
      } else if (mode.kind === 'rename') {
        const result = await renameWebhookAction(
          ids.workspaceSlug,
          ids.projectId,
          ids.executableId,
          mode.webhook.id,
          name,
        );
        if (!result.ok) return setError(result.error);
        toast.success(`Renamed to ${result.data.name}`);
      }
      setMode(null);
    });
  };

  const revoke = (w: Webhook) =>
    startTransition(async () => {
      const result = await revokeWebhookAction(ids.workspaceSlug, ids.projectId, ids.executableId, w.id);
      if (!result.ok) return setError(result.error);
      toast.success(`${result.data.name} revoked`);
      setMode(null);
    });

  const rotate = (w: Webhook) =>
    startTransition(async () => {
      const result = await rotateWebhookAction(ids.workspaceSlug, ids.projectId, ids.executableId, w.id);
      if (!result.ok) return void toast.error(result.error);
      setRevealed({ name: result.data.name, url: result.data.url, rotated: true });
    });

  return (
    <div className="grid gap-3">
      {revealed && (
        <div
          className="grid gap-2 rounded-lg border border-warning/40 bg-warning/10 p-3 text-sm"
          role="status"
        >
          <p className="flex items-center gap-2 font-medium text-[oklch(0.42_0.1_65)]">
            <AlertTriangle className="size-4 shrink-0" />
            {revealed.rotated ? 'New URL for' : 'URL of'} {revealed.name}
          </p>
          <p className="text-[oklch(0.42_0.1_65)] text-xs">Copy it now: you will not see this again.</p>
          <code
            className="block w-full break-all rounded-md border bg-background px-2 py-1.5 font-mono text-foreground text-xs"
            data-testid="webhook-url"
          >
            {revealed.url}
          </code>
          <p className="text-muted-foreground text-xs">
            Call it with an empty body to run with the saved args, or a JSON object to replace them:
          </p>
          <code className="block w-full break-all rounded-md border bg-background px-2 py-1.5 font-mono text-muted-foreground text-xs">
            curl -X POST -H 'Content-Type: application/json' -d '{'{}'}' '&lt;URL&gt;'
          </code>
          <div className="flex gap-2">
            <CopyButton value={revealed.url} label="Copy webhook URL" />
            <Button size="sm" variant="ghost" onClick={() => setRevealed(null)}>
              I saved it
            </Button>
          </div>
        </div>
      )}
      {webhooks.length === 0 ? (
        <p className="text-muted-foreground text-sm">
          No webhook URLs. Create one to run this executable on a POST.
        </p>
      ) : (
        <ul className="divide-y rounded-md border">
          {webhooks.map((w) => (
            <li
              key={w.id}
              className="flex items-center gap-3 px-3 py-2"
              data-testid="webhook-row"
              data-name={w.name}
            >
              <Link2 className="size-4 text-muted-foreground" />
              <span className="grid min-w-0 flex-1 gap-0.5">
                <span className="truncate font-medium text-sm">{w.name}</span>
                <span className="text-muted-foreground text-xs">
                  {w.rotatedAt
                    ? `Rotated ${formatRelative(w.rotatedAt)}`
                    : `Created ${formatRelative(w.createdAt)}`}
                </span>
              </span>
              {canMutate && (
                <span className="flex gap-1">
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Rename ${w.name}`}
                    onClick={() => open({ kind: 'rename', webhook: w })}
                  >
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={pending}
                    aria-label={`Rotate ${w.name}`}
                    onClick={() => rotate(w)}
                  >
                    <RefreshCw />
                    Rotate
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    className="text-muted-foreground hover:text-destructive"
                    aria-label={`Revoke ${w.name}`}
                    onClick={() => open({ kind: 'revoke', webhook: w })}
                  >
                    <Trash2 />
                  </Button>
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
      {canMutate && (
        <div>
          <Button size="sm" variant="outline" onClick={() => open({ kind: 'create' })}>
            <Plus />
            New webhook
          </Button>
        </div>
      )}
      <Dialog
        open={mode !== null && mode.kind !== 'revoke'}
        onOpenChange={(o) => !o && setMode(null)}
        title={mode?.kind === 'rename' ? `Rename ${mode.webhook.name}` : 'New webhook URL'}
        description={
          mode?.kind === 'create' ? 'A secret URL that runs this executable; it is shown once.' : undefined
        }
      >
        <form onSubmit={submit}>
          <DialogBody>
            <Field label="Name" htmlFor="webhook-name">
              <Input
                id="webhook-name"
                autoFocus
                required
                maxLength={100}
                placeholder="GitHub push"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            {error && <Alert variant="destructive">{error}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={() => setMode(null)} pending={pending}>
            {mode?.kind === 'rename' ? 'Rename webhook' : 'Create webhook'}
          </FormDialogFooter>
        </form>
      </Dialog>
      <ConfirmDialog
        open={mode?.kind === 'revoke'}
        onOpenChange={(o) => !o && setMode(null)}
        title={`Revoke ${mode?.kind === 'revoke' ? mode.webhook.name : ''}?`}
        description="The URL stops working at once. This cannot be undone."
        error={error}
        confirmLabel="Revoke webhook"
        onConfirm={() => mode?.kind === 'revoke' && revoke(mode.webhook)}
        pending={pending}
      />
    </div>
  );
}
