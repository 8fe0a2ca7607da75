'use client';

import { Archive, ArchiveRestore, Droplets, Pencil, RotateCw, Share2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import {
  archiveProfileAction,
  faucetProfileAction,
  renameProfileAction,
  retryProfileAction,
  shareProfileAction,
  unarchiveProfileAction,
} from '../actions';
import type { ProfileView } from './profile-view';
import { SafeProfileActions } from './safe-profile-actions';

type Mode = 'rename' | 'share' | 'archive' | null;

export function ProfileActions({
  workspaceSlug,
  projectId,
  profile,
  otherProjects,
}: {
  workspaceSlug: string;
  projectId: string;
  profile: ProfileView;
  otherProjects: { id: string; name: string }[];
}) {
  const [mode, setMode] = useState<Mode>(null);
  const [name, setName] = useState(profile.name);
  const [target, setTarget] = useState(otherProjects[0]?.id ?? '');
  const [alias, setAlias] = useState('');
  const [error, setError] = useState<{
    message: string;
    code?: string;
    details?: Record<string, unknown>;
  } | null>(null);
  const [pending, startTransition] = useTransition();

  const open = (next: Mode) => {
    setMode(next);
    setName(profile.name);
    setAlias('');
    setError(null);
  };
  const close = () => open(null);

  const quick = (
    run: () => Promise<{ ok: true; data: unknown } | { ok: false; error: string }>,
    done: string,
  ) =>
    startTransition(async () => {
      const result = await run();
      if (!result.ok) toast.error(result.error);
      else toast.success(done);
    });

  const rename = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await renameProfileAction(workspaceSlug, projectId, profile.id, name);
      if (!result.ok) return setError({ message: result.error });
      toast.success(`Renamed to ${result.data.name}`);
      close();
    });
  };

  const share = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await shareProfileAction(workspaceSlug, projectId, profile.id, {
        targetProjectId: target,
        alias,
      });
      if (!result.ok) return setError({ message: result.error, code: result.code });
      const project = otherProjects.find((p) => p.id === target)?.name ?? 'the project';
      toast.success(`${profile.name} shared to ${project}`);
      close();
    });
  };

  const archive = () =>
    startTransition(async () => {
      const result = await archiveProfileAction(workspaceSlug, projectId, profile.id);
      if (!result.ok) return setError({ message: result.error, code: result.code, details: result.details });
      toast.success(`${profile.name} archived`);
      close();
    });

  const inUse =
    error?.code === 'profile_in_use' ? (error.details?.executableIds as string[] | undefined) : undefined;

  return (
    // The next step in words (Enable Tickwork, Retry, Unarchive), then the icon buttons as one group: where the
    // column is narrow, the group wraps under the step.
    <div className="flex flex-wrap items-center justify-end gap-1">
      {profile.safe && profile.state !== 'archived' && (
        <SafeProfileActions
          workspaceSlug={workspaceSlug}
          projectId={projectId}
          profile={profile}
          safe={profile.safe}
        />
      )}
      {profile.state === 'pending' && profile.kind === 'legacy' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-label={`Retry provisioning of ${profile.name}`}
          onClick={() =>
            quick(() => retryProfileAction(workspaceSlug, projectId, profile.id), 'Provisioning queued again')
          }
        >
          <RotateCw />
          Retry
        </Button>
      )}
      {profile.state === 'archived' && (
        <Button
          variant="ghost"
          size="sm"
          disabled={pending}
          aria-label={`Unarchive ${profile.name}`}
          onClick={() =>
            quick(
              () => unarchiveProfileAction(workspaceSlug, projectId, profile.id),
              `${profile.name} is active again`,
            )
          }
        >
          <ArchiveRestore />
          Unarchive
        </Button>
      )}
      <span className="flex gap-1">
        {/* The faucet funds the account that pays gas: a roles profile's runs are sponsored, so it has none. */}
        {profile.faucet && profile.state !== 'archived' && profile.kind !== 'roles' && (
          <Button
            variant="ghost"
            size="icon-sm"
            disabled={pending}
            aria-label={`Faucet ${profile.name}`}
            title="Dev only: add 10 ETH and 100 TICK on the local anvil chain"
            onClick={() =>
              quick(
                () => faucetProfileAction(workspaceSlug, projectId, profile.id),
                `${profile.name} funded on the local chain`,
              )
            }
          >
            <Droplets />
          </Button>
        )}
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={`Rename ${profile.name}`}
          onClick={() => open('rename')}
        >
          <Pencil />
        </Button>
        {profile.state === 'active' && profile.kind !== 'safe' && otherProjects.length > 0 && (
          <Button
            variant="ghost"
            size="icon-sm"
            aria-label={`Share ${profile.name}`}
            onClick={() => open('share')}
          >
            <Share2 />
          </Button>
        )}
        {profile.state === 'active' && (
          <Button
            variant="ghost"
            size="icon-sm"
            className="text-muted-foreground hover:text-destructive"
            aria-label={`Archive ${profile.name}`}
            onClick={() => open('archive')}
          >
            <Archive />
          </Button>
        )}
      </span>

      <Dialog open={mode === 'rename'} onOpenChange={(o) => !o && close()} title={`Rename ${profile.name}`}>
        <form onSubmit={rename} className="text-left">
          <DialogBody>
            <Field label="Name" htmlFor={`rename-${profile.id}`}>
              <Input
                id={`rename-${profile.id}`}
                autoFocus
                required
                maxLength={100}
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            {error && <Alert variant="destructive">{error.message}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={close} pending={pending}>
            Rename profile
          </FormDialogFooter>
        </form>
      </Dialog>

      <Dialog
        open={mode === 'share'}
        onOpenChange={(o) => !o && close()}
        title={`Share ${profile.name}`}
        description="Another project of this workspace gets a profile on the same account (same address and funds)."
      >
        <form onSubmit={share} className="text-left">
          <DialogBody>
            <Field label="Target project" htmlFor={`share-target-${profile.id}`}>
              <Select
                id={`share-target-${profile.id}`}
                value={target}
                onChange={(e) => setTarget(e.target.value)}
              >
                {otherProjects.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field
              label="Alias"
              htmlFor={`share-alias-${profile.id}`}
              hint="Optional; defaults to this name."
            >
              <Input
                id={`share-alias-${profile.id}`}
                maxLength={100}
                placeholder={profile.name}
                value={alias}
                onChange={(e) => setAlias(e.target.value)}
              />
            </Field>
            {error && <Alert variant="destructive">{error.message}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={close} pending={pending} disabled={!target}>
            Share profile
          </FormDialogFooter>
        </form>
      </Dialog>

      <ConfirmDialog
        open={mode === 'archive'}
        onOpenChange={(o) => !o && close()}
        title={`Archive ${profile.name}?`}
        description="Archiving does not delete the on-chain wallet and does not move its funds. You can unarchive it later."
        confirmLabel="Archive profile"
        onConfirm={archive}
        pending={pending}
      >
        {error && (
          <Alert variant="destructive" title={inUse ? 'Profile in use' : undefined}>
            {error.message}
            {inUse && (
              <span className="mt-1 block font-mono text-xs" data-testid="profile-in-use">
                {inUse.join(', ')}
              </span>
            )}
          </Alert>
        )}
      </ConfirmDialog>
    </div>
  );
}
