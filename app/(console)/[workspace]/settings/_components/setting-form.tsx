'use client';

import { Loader2 } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { changeWorkspaceSlugAction, renameWorkspaceAction } from '../actions';

const SETTINGS = {
  name: {
    label: 'Workspace name',
    hint: 'Shown in the switcher and on every page.',
    saved: 'Workspace renamed',
  },
  slug: {
    label: 'Workspace URL',
    hint: 'Lower-case letters, digits and dashes. Links to the old URL keep working: they redirect here.',
    saved: 'Workspace URL changed',
  },
} as const;

/** One workspace setting (name or URL slug) with its own save button; read-only for members. */
export function SettingForm({
  workspaceSlug,
  setting,
  value,
  disabled,
  prefix,
}: {
  workspaceSlug: string;
  setting: keyof typeof SETTINGS;
  value: string;
  disabled: boolean;
  prefix?: string;
}) {
  const router = useRouter();
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const [pending, startTransition] = useTransition();
  const { label, hint, saved } = SETTINGS[setting];
  const id = `workspace-${setting}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      if (setting === 'name') {
        const result = await renameWorkspaceAction(workspaceSlug, draft);
        if (!result.ok) return setError(result.error);
        router.refresh();
      } else {
        const result = await changeWorkspaceSlugAction(workspaceSlug, draft);
        if (!result.ok) return setError(result.error);
        router.replace(`/${result.data.slug}/settings`);
      }
      setError(undefined);
      toast.success(saved);
    });
  };

  return (
    <form onSubmit={submit}>
      <Field label={label} htmlFor={id} hint={hint} error={error}>
        <div className="flex items-center gap-2">
          {prefix && <span className="shrink-0 text-muted-foreground text-sm">{prefix}</span>}
          <Input
            id={id}
            value={draft}
            disabled={disabled}
            autoComplete="off"
            onChange={(e) => setDraft(e.target.value)}
          />
          {!disabled && (
            <Button type="submit" variant="outline" disabled={pending || draft.trim() === value}>
              {pending && <Loader2 className="animate-spin" />}
              Save
            </Button>
          )}
        </div>
      </Field>
    </form>
  );
}
