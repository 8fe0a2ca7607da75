'use client';

import { Loader2, Plus, Save, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { isEnvKey } from '@/lib/secrets/env-key';
import { updatePinnedAction, updateProfileAction, updateSecretsAction } from '../actions';
import { SaveButton, useFacetSave } from './facet-save';
import type { ExecutableIds } from './ids';
import { PermissionsRefusalAlert } from './permissions-refusal';

export function ProfileForm({
  ids,
  currentId,
  profiles,
}: {
  ids: ExecutableIds;
  currentId: string;
  profiles: { id: string; label: string }[];
}) {
  const [target, setTarget] = useState(currentId);
  // The profile a refusal was about: the one asked for, not whatever the select shows since.
  const [asked, setAsked] = useState(currentId);
  const { error, refusal, pending, save } = useFacetSave();
  const submit = (e: FormEvent) => {
    setAsked(target);
    save(
      e,
      () => updateProfileAction(ids.workspaceSlug, ids.projectId, ids.executableId, target),
      'Profile saved',
    );
  };
  const options = profiles.some((p) => p.id === currentId)
    ? profiles
    : [{ id: currentId, label: `${currentId} (not active)` }, ...profiles];
  return (
    <form onSubmit={submit} className="grid gap-3">
      <Field label="Profile" htmlFor="executable-profile" hint="Active profiles of this project.">
        <Select id="executable-profile" value={target} onChange={(e) => setTarget(e.target.value)}>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      {refusal ? (
        <PermissionsRefusalAlert
          workspaceSlug={ids.workspaceSlug}
          projectId={ids.projectId}
          profileId={asked}
          refusal={refusal}
        />
      ) : (
        error && (
          <Alert variant="destructive" title="Profile not changed">
            <span data-testid="profile-error">{error}</span>
          </Alert>
        )
      )}
      <SaveButton pending={pending} disabled={target === currentId}>
        Save profile
      </SaveButton>
    </form>
  );
}

type Row = { key: number; secretId: string; envKey: string };

export function SecretBindingsForm({
  ids,
  bindings,
  secrets,
}: {
  ids: ExecutableIds;
  bindings: { secretId: string; envKey: string }[];
  secrets: { id: string; name: string }[];
}) {
  const [rows, setRows] = useState<Row[]>(() => bindings.map((b, i) => ({ key: i, ...b })));
  const [nextKey, setNextKey] = useState(bindings.length);
  const { error, pending, save } = useFacetSave();
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    setRows((rs) => [...rs, { key: nextKey, secretId: secrets[0]?.id ?? '', envKey: '' }]);
    setNextKey((k) => k + 1);
  };
  const invalid = rows.some((r) => !r.secretId || !isEnvKey(r.envKey));
  const submit = (e: FormEvent) =>
    save(
      e,
      () =>
        updateSecretsAction(
          ids.workspaceSlug,
          ids.projectId,
          ids.executableId,
          rows.map(({ secretId, envKey }) => ({ secretId, envKey })),
        ),
      rows.length ? 'Secret bindings saved' : 'Secret bindings cleared',
    );
  return (
    <form onSubmit={submit} className="grid gap-3">
      {rows.length === 0 && <p className="text-muted-foreground text-sm">No secrets bound.</p>}
      {rows.map((r, i) => {
        const badKey = r.envKey !== '' && !isEnvKey(r.envKey);
        return (
          <div key={r.key} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Select
              aria-label={`Secret ${i + 1}`}
              value={r.secretId}
              onChange={(e) => update(r.key, { secretId: e.target.value })}
            >
              {!secrets.some((s) => s.id === r.secretId) && (
                <option value={r.secretId}>{r.secretId || 'Pick a secret'}</option>
              )}
              {secrets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
            <div className="grid gap-1">
              <Input
                aria-label={`Env key ${i + 1}`}
                aria-invalid={badKey || undefined}
                placeholder="API_KEY"
                className="font-mono"
                value={r.envKey}
                onChange={(e) => update(r.key, { envKey: e.target.value })}
              />
              {badKey && (
                <p className="text-destructive text-xs" role="alert">
                  A name of letters, digits and _, not starting with a digit (e.g. API_KEY).
                </p>
              )}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove binding ${i + 1}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              <Trash2 />
            </Button>
          </div>
        );
      })}
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={add} disabled={secrets.length === 0}>
          <Plus />
          Add binding
        </Button>
        <Button type="submit" size="sm" disabled={pending || invalid}>
          {pending ? <Loader2 className="animate-spin" /> : <Save />}
          Save secrets
        </Button>
      </div>
      {secrets.length === 0 && (
        <p className="text-muted-foreground text-xs">This project has no secrets; add one on its overview.</p>
      )}
    </form>
  );
}

export function PinToggle({ ids, pinned }: { ids: ExecutableIds; pinned: boolean }) {
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      const result = await updatePinnedAction(ids.workspaceSlug, ids.projectId, ids.executableId, !pinned);
      if (!result.ok) return void toast.error(result.error);
      toast.success(result.data.pinned ? 'Pinned' : 'Unpinned');
    });
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={pinned ? 'Unpin executable' : 'Pin executable'}
      aria-pressed={pinned}
      data-testid="pin-toggle"
      disabled={pending}
      onClick={toggle}
    >
      {pending ? (
        <Loader2 className="animate-spin" />
      ) : (
        <Star className={pinned ? 'fill-current text-amber-500' : undefined} />
      )}
    </Button>
  );
}
