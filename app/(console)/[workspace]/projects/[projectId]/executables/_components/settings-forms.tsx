'use client';

import { ArrowRightLeft, Loader2, Save } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { switchFunctionAction, updateArgsAction } from '../actions';
import { ArgsEditor } from './args-editor';
import { argsProblems } from './args-problems';
import type { ExecutableIds } from './ids';
import {
  type PermissionsRefusal,
  PermissionsRefusalAlert,
  permissionsRefusalOf,
} from './permissions-refusal';

export function ArgsForm({ ids, args, schema }: { ids: ExecutableIds; args: string; schema: string | null }) {
  const [value, setValue] = useState(() => {
    try {
      return JSON.stringify(JSON.parse(args), null, 2);
    } catch {
      return args;
    }
  });
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<PermissionsRefusal | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await updateArgsAction(ids.workspaceSlug, ids.projectId, ids.executableId, value);
      setRefusal(permissionsRefusalOf(result));
      if (!result.ok) return setError(result.error);
      setError(null);
      toast.success('Args saved');
    });
  };
  return (
    <form onSubmit={submit} className="grid gap-3">
      <ArgsEditor id="args" value={value} onChange={setValue} schema={schema} />
      <Refusal ids={ids} refusal={refusal} error={error} />
      <div>
        <Button type="submit" size="sm" disabled={pending || argsProblems(value, schema).length > 0}>
          {pending ? <Loader2 className="animate-spin" /> : <Save />}
          Save args
        </Button>
      </div>
    </form>
  );
}

/** Switches the release; only while paused and with no switch being built. */
export function FunctionSwitchForm({
  ids,
  state,
  currentId,
  pendingLabel,
  lastError,
  releases,
}: {
  ids: ExecutableIds;
  state: string;
  currentId: string;
  pendingLabel: string | null;
  lastError: { label: string; message: string } | null;
  releases: { id: string; label: string }[];
}) {
  const choices = releases.filter((r) => r.id !== currentId);
  const [target, setTarget] = useState(choices[0]?.id ?? '');
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<PermissionsRefusal | null>(null);
  const [pending, startTransition] = useTransition();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await switchFunctionAction(ids.workspaceSlug, ids.projectId, ids.executableId, target);
      setRefusal(permissionsRefusalOf(result));
      if (!result.ok) return setError(result.error);
      setError(null);
      toast.success('Function switch requested', { description: 'A new sandbox is being built.' });
    });
  };
  const blocked = state !== 'paused' ? 'Pause the executable to switch its function.' : null;
  return (
    <form onSubmit={submit} className="grid gap-3">
      {pendingLabel && (
        <Alert variant="info" title="Switch pending" className="[&>svg]:animate-pulse">
          <span data-testid="switch-pending">
            Building {pendingLabel}; the current release stays live until it commits.
          </span>
        </Alert>
      )}
      {lastError && (
        <Alert variant="destructive" title={`Last switch to ${lastError.label} failed`}>
          {lastError.message}
        </Alert>
      )}
      <Field
        label="Switch to"
        htmlFor="switch-function"
        hint={blocked ?? 'Builds a new sandbox, then commits at once.'}
      >
        <Select
          id="switch-function"
          value={target}
          disabled={choices.length === 0}
          onChange={(e) => setTarget(e.target.value)}
        >
          {choices.length === 0 && <option value="">No other release</option>}
          {choices.map((r) => (
            <option key={r.id} value={r.id}>
              {r.label}
            </option>
          ))}
        </Select>
      </Field>
      <Refusal ids={ids} refusal={refusal} error={error} />
      <div>
        <Button
          type="submit"
          size="sm"
          disabled={pending || !target || Boolean(blocked) || Boolean(pendingLabel)}
        >
          {pending ? <Loader2 className="animate-spin" /> : <ArrowRightLeft />}
          Switch function
        </Button>
      </div>
    </form>
  );
}

/** A save the server refused: what the profile's permissions lack (and how to allow it), or the message. */
function Refusal({
  ids,
  refusal,
  error,
}: {
  ids: ExecutableIds;
  refusal: PermissionsRefusal | null;
  error: string | null;
}) {
  if (refusal)
    return (
      <PermissionsRefusalAlert
        workspaceSlug={ids.workspaceSlug}
        projectId={ids.projectId}
        profileId={ids.profileId}
        refusal={refusal}
      />
    );
  return error ? <Alert variant="destructive">{error}</Alert> : null;
}
