'use client';

import { CheckCircle2, Copy, FileCode2, Info, Trash2 } from 'lucide-react';
import Link from 'next/link';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, DialogFooter, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { copyReleaseAction, deleteReleaseAction } from '../actions';
import { type FormError, ReleaseError } from './release-error';
import { usedTags, useVersionReservation } from './use-version-reservation';

type ReleaseRef = { id: string; name: string; versionTag: string };
type Mode = 'copy' | 'delete' | null;

/** A release row's actions: view the source (everyone), copy and delete (owners and admins). */
export function ReleaseActions({
  workspaceSlug,
  projectId,
  release,
  otherProjects,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  release: ReleaseRef;
  otherProjects: { id: string; name: string }[];
  canMutate: boolean;
}) {
  const [mode, setMode] = useState<Mode>(null);
  const label = `${release.name}@${release.versionTag}`;

  return (
    <div className="flex justify-end gap-1">
      <Link
        href={`/${workspaceSlug}/projects/${projectId}/functions/${release.id}`}
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
        aria-label={`View source of ${label}`}
      >
        <FileCode2 />
        Source
      </Link>
      {canMutate && (
        <>
          <Button variant="ghost" size="sm" onClick={() => setMode('copy')} aria-label={`Copy ${label}`}>
            <Copy />
            Copy
          </Button>
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-muted-foreground hover:text-destructive"
            onClick={() => setMode('delete')}
            aria-label={`Delete ${label}`}
          >
            <Trash2 />
          </Button>
          <CopyReleaseDialog
            open={mode === 'copy'}
            onClose={() => setMode(null)}
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            release={release}
            otherProjects={otherProjects}
          />
          <DeleteReleaseDialog
            open={mode === 'delete'}
            onClose={() => setMode(null)}
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            release={release}
          />
        </>
      )}
    </div>
  );
}

type CopyOutcome = {
  created: boolean;
  name: string;
  versionTag: string;
  project: { id: string; name: string };
};

function CopyReleaseDialog({
  open,
  onClose,
  workspaceSlug,
  projectId,
  release,
  otherProjects,
}: {
  open: boolean;
  onClose: () => void;
  workspaceSlug: string;
  projectId: string;
  release: ReleaseRef;
  otherProjects: { id: string; name: string }[];
}) {
  const [target, setTarget] = useState(otherProjects[0]?.id ?? '');
  const [name, setName] = useState('');
  const [tag, setTag] = useState('');
  const [error, setError] = useState<FormError | null>(null);
  const [outcome, setOutcome] = useState<CopyOutcome | null>(null);
  const [pending, startTransition] = useTransition();
  const targetName = name.trim() || release.name;
  const reservation = useVersionReservation(workspaceSlug, target, targetName, open && !outcome);

  const close = () => {
    onClose();
    setTarget(otherProjects[0]?.id ?? '');
    setName('');
    setTag('');
    setError(null);
    setOutcome(null);
  };

  const copy = (versionTag: string) =>
    startTransition(async () => {
      setError(null);
      const result = await copyReleaseAction(workspaceSlug, projectId, release.id, {
        targetProjectId: target,
        name,
        versionTag,
      });
      if (!result.ok) {
        setError({ message: result.error, field: result.field, code: result.code, details: result.details });
        return;
      }
      setOutcome(result.data);
      if (result.data.created) toast.success(`Copied to ${result.data.project.name}`);
    });

  const submit = (e: FormEvent) => {
    e.preventDefault();
    copy(tag);
  };

  const fieldError = (field: string) => (error?.field === field ? error.message : undefined);
  const taken = reservation ? usedTags(reservation) : [];

  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={`Copy ${release.name}@${release.versionTag}`}
      description="Copies the same ZIP (same checksum) into another project of this workspace."
    >
      {outcome ? (
        <>
          <DialogBody className="text-left" data-testid="copy-outcome">
            {outcome.created ? (
              <div className="flex gap-3 rounded-lg border border-success/30 bg-success/8 px-4 py-3 text-sm">
                <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-success" />
                <p>
                  <strong className="font-semibold">Copied.</strong> {outcome.project.name} now holds{' '}
                  <span className="whitespace-nowrap font-mono">
                    {outcome.name}@{outcome.versionTag}
                  </span>
                  .
                </p>
              </div>
            ) : (
              <div className="flex gap-3 rounded-lg border border-primary/20 bg-accent px-4 py-3 text-accent-foreground text-sm">
                <Info className="mt-0.5 size-4 shrink-0" />
                <p>
                  <strong className="font-semibold">Already exists.</strong> {outcome.project.name} already
                  holds{' '}
                  <span className="whitespace-nowrap font-mono">
                    {outcome.name}@{outcome.versionTag}
                  </span>{' '}
                  with identical code; nothing was copied.
                </p>
              </div>
            )}
          </DialogBody>
          <DialogFooter>
            <Link
              href={`/${workspaceSlug}/projects/${outcome.project.id}/functions`}
              className={buttonVariants({ variant: 'outline' })}
            >
              Open {outcome.project.name}
            </Link>
            <Button onClick={close}>Done</Button>
          </DialogFooter>
        </>
      ) : otherProjects.length === 0 ? (
        <>
          <DialogBody className="text-left">
            <Alert>This workspace has no other project yet. Create one, then copy the release into it.</Alert>
          </DialogBody>
          <DialogFooter>
            <Button variant="outline" onClick={close}>
              Cancel
            </Button>
            <Link href={`/${workspaceSlug}/projects`} className={buttonVariants()}>
              Go to projects
            </Link>
          </DialogFooter>
        </>
      ) : (
        <form onSubmit={submit} className="text-left">
          <DialogBody>
            <Field label="Target project" htmlFor="copy-target" error={fieldError('targetProjectId')}>
              <Select id="copy-target" value={target} onChange={(e) => setTarget(e.target.value)}>
                {otherProjects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
            <div className="grid gap-5 sm:grid-cols-[minmax(0,1fr)_150px]">
              <Field
                label="Name"
                htmlFor="copy-name"
                error={fieldError('name')}
                hint="Optional."
                className="content-start"
              >
                <Input
                  id="copy-name"
                  maxLength={64}
                  className="font-mono"
                  placeholder={release.name}
                  value={name}
                  onChange={(e) => setName(e.target.value)}
                />
              </Field>
              <Field
                label="Version tag"
                htmlFor="copy-tag"
                error={fieldError('versionTag')}
                hint="Optional."
                className="content-start"
              >
                <Input
                  id="copy-tag"
                  maxLength={32}
                  className="font-mono"
                  placeholder={reservation?.exists ? reservation.suggestedVersionTag : 'v1'}
                  value={tag}
                  onChange={(e) => setTag(e.target.value)}
                />
              </Field>
            </div>
            {reservation && (
              <p className="-mt-2 text-muted-foreground text-xs" data-testid="copy-tag-status">
                {reservation.exists ? (
                  <>
                    <span className="font-mono">{targetName}</span> exists there (reserved{' '}
                    <span className="font-mono">{taken.join(', ')}</span>): name a tag, e.g.{' '}
                    <button
                      type="button"
                      className="font-medium font-mono text-primary hover:underline"
                      onClick={() => setTag(reservation.suggestedVersionTag)}
                    >
                      {reservation.suggestedVersionTag}
                    </button>
                    , or the same tag to find an identical copy.
                  </>
                ) : (
                  <>
                    <span className="font-mono">{targetName}</span> is new there: it starts at{' '}
                    <span className="font-mono">{tag.trim() || 'v1'}</span>.
                  </>
                )}
              </p>
            )}
            {error && !['name', 'versionTag', 'targetProjectId'].includes(error.field ?? '') && (
              <ReleaseError
                error={error}
                workspaceSlug={workspaceSlug}
                pending={pending}
                action="Copy"
                onRetryWithTag={(suggested) => {
                  setTag(suggested);
                  copy(suggested);
                }}
              />
            )}
          </DialogBody>
          <FormDialogFooter onCancel={close} pending={pending} disabled={!target}>
            Copy release
          </FormDialogFooter>
        </form>
      )}
    </Dialog>
  );
}

function DeleteReleaseDialog({
  open,
  onClose,
  workspaceSlug,
  projectId,
  release,
}: {
  open: boolean;
  onClose: () => void;
  workspaceSlug: string;
  projectId: string;
  release: ReleaseRef;
}) {
  const [error, setError] = useState<FormError | null>(null);
  const [pending, startTransition] = useTransition();
  const label = `${release.name}@${release.versionTag}`;

  const close = () => {
    onClose();
    setError(null);
  };

  const remove = () =>
    startTransition(async () => {
      const result = await deleteReleaseAction(workspaceSlug, projectId, release.id);
      if (!result.ok) {
        setError({ message: result.error, code: result.code, details: result.details });
        return;
      }
      toast.success(`${label} deleted`);
      close();
    });

  const users = Array.isArray(error?.details?.executableIds) ? (error.details.executableIds as string[]) : [];

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(o) => !o && close()}
      title={`Delete ${label}?`}
      description="It disappears from the list and can no longer be copied or picked for new executables."
      confirmLabel="Delete release"
      onConfirm={remove}
      pending={pending}
    >
      <p className="text-sm">
        The tag <span className="font-mono">{release.versionTag}</span> stays reserved for{' '}
        <span className="font-mono">{release.name}</span>: it can never name other code.
      </p>
      {error &&
        (error.code === 'function_in_use' ? (
          <Alert variant="destructive" title="Still in use">
            <p>Executables run this release. Switch them to another release or delete them first.</p>
            <ul className="mt-1.5 grid gap-0.5">
              {users.map((id) => (
                <li key={id} className="font-mono text-xs">
                  {id}
                </li>
              ))}
            </ul>
          </Alert>
        ) : (
          <Alert variant="destructive">{error.message}</Alert>
        ))}
    </ConfirmDialog>
  );
}
