'use client';

import { Plus } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog, DialogBody, DialogFooter, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { CHANNEL_KINDS } from '@/db/enums';
import { type ChannelForm, createChannelAction } from '../actions';
import { KIND_LABELS } from './channel-state';

const EMPTY: ChannelForm = { kind: 'webhook', name: '', url: '', to: '', botToken: '', chatId: '' };

const URL_HINTS: Record<string, string> = {
  webhook: 'Your endpoint (https). Each message is a JSON POST signed with HMAC-SHA256 (docs/alerts.md).',
  slack: 'A Slack incoming-webhook URL (https://hooks.slack.com/services/…). It is stored encrypted.',
  discord: 'A Discord webhook URL (https://discord.com/api/webhooks/…). It is stored encrypted.',
};

export function CreateChannelDialog({
  workspaceSlug,
  projectId,
}: {
  workspaceSlug: string;
  projectId: string;
}) {
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState<ChannelForm>(EMPTY);
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [signingSecret, setSigningSecret] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setForm(EMPTY);
      setError(null);
      setSigningSecret(null);
    }
  };
  const set = (field: keyof ChannelForm) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [field]: e.target.value }));
  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await createChannelAction(workspaceSlug, projectId, form);
      if (!result.ok) {
        setError({ message: result.error, field: result.field });
        return;
      }
      toast.success(`Channel ${result.data.name} created`);
      if (result.data.signingSecret) setSigningSecret(result.data.signingSecret);
      else toggle(false);
    });
  };

  return (
    <>
      <Button size="sm" onClick={() => toggle(true)}>
        <Plus />
        New channel
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title={signingSecret ? 'Save the signing secret' : 'New notification channel'}
        description={
          signingSecret
            ? 'Your receiver checks each message’s Tickwork-Signature with it. It is shown only this once.'
            : 'Credentials are stored encrypted and never shown again.'
        }
      >
        {signingSecret ? (
          <>
            <DialogBody>
              <div className="flex items-center gap-2">
                <code
                  data-testid="signing-secret"
                  className="flex-1 break-all rounded-md bg-muted px-3 py-2 text-xs"
                >
                  {signingSecret}
                </code>
                <CopyButton value={signingSecret} iconOnly label="Copy the signing secret" />
              </div>
            </DialogBody>
            <DialogFooter>
              <Button onClick={() => toggle(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <form onSubmit={submit}>
            <DialogBody>
              <Field label="Kind" htmlFor="channel-kind">
                <Select id="channel-kind" value={form.kind} onChange={set('kind')}>
                  {CHANNEL_KINDS.map((kind) => (
                    <option key={kind} value={kind}>
                      {KIND_LABELS[kind]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Name" htmlFor="channel-name" error={fieldError('name')}>
                <Input
                  id="channel-name"
                  required
                  maxLength={100}
                  placeholder="On-call"
                  value={form.name}
                  onChange={set('name')}
                />
              </Field>
              {URL_HINTS[form.kind] && (
                <Field
                  label="URL"
                  htmlFor="channel-url"
                  error={fieldError('url')}
                  hint={URL_HINTS[form.kind]}
                >
                  <Input
                    id="channel-url"
                    required
                    className="font-mono"
                    placeholder="https://"
                    value={form.url}
                    onChange={set('url')}
                  />
                </Field>
              )}
              {form.kind === 'email' && (
                <Field
                  label="Recipients"
                  htmlFor="channel-to"
                  error={fieldError('to')}
                  hint="One or more addresses, comma-separated (at most 10)."
                >
                  <Input
                    id="channel-to"
                    required
                    placeholder="oncall@example.com"
                    value={form.to}
                    onChange={set('to')}
                  />
                </Field>
              )}
              {form.kind === 'telegram' && (
                <>
                  <Field
                    label="Bot token"
                    htmlFor="channel-bot-token"
                    error={fieldError('botToken')}
                    hint="From @BotFather. Stored encrypted."
                  >
                    <Input
                      id="channel-bot-token"
                      required
                      type="password"
                      autoComplete="off"
                      className="font-mono"
                      value={form.botToken}
                      onChange={set('botToken')}
                    />
                  </Field>
                  <Field
                    label="Chat id"
                    htmlFor="channel-chat-id"
                    error={fieldError('chatId')}
                    hint="A numeric chat id, or @channelname."
                  >
                    <Input
                      id="channel-chat-id"
                      required
                      className="font-mono"
                      value={form.chatId}
                      onChange={set('chatId')}
                    />
                  </Field>
                </>
              )}
              {error && !['name', 'url', 'to', 'botToken', 'chatId'].includes(error.field ?? '') && (
                <Alert variant="destructive">{error.message}</Alert>
              )}
            </DialogBody>
            <FormDialogFooter onCancel={() => toggle(false)} pending={pending}>
              Create channel
            </FormDialogFooter>
          </form>
        )}
      </Dialog>
    </>
  );
}
