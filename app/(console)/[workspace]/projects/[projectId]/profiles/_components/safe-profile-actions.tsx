'use client';

import { ListChecks, Loader2, PenLine, ShieldCheck, ShieldOff } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button, buttonVariants } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { ModuleTransactionPurpose } from '@/db/enums';
import { prepareSafeTransactionAction } from '../actions';
import type { ProfileView } from './profile-view';

const LABEL: Record<ModuleTransactionPurpose, string> = {
  enable_module: 'Enable Tickwork',
  disable_module: 'Revoke access',
};

/**
 * A Safe or roles profile's access, from the console: Enable Tickwork while its module (the executor, or the
 * Roles modifier) is off, Revoke access while it is on. Either opens the signing page of the Safe transaction
 * that does it: the one still collecting signatures, or a new one prepared at the Safe's nonce (a revocation is
 * confirmed first). A roles profile whose setup or role change still collects signatures links to it instead:
 * until the setup is executed there is no modifier to enable.
 */
export function SafeProfileActions({
  workspaceSlug,
  projectId,
  profile,
  safe,
}: {
  workspaceSlug: string;
  projectId: string;
  profile: ProfileView;
  safe: NonNullable<ProfileView['safe']>;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const roles = profile.kind === 'roles';
  const purpose: ModuleTransactionPurpose = safe.moduleEnabled ? 'disable_module' : 'enable_module';
  const open = safe.openTransaction?.purpose === purpose ? safe.openTransaction : null;
  const Icon = purpose === 'enable_module' ? ShieldCheck : ShieldOff;
  const label = `${LABEL[purpose]} for ${profile.name}`;
  // Enable Tickwork is the way forward and says so; Revoke access sits with the row's other icon buttons.
  const iconOnly = purpose === 'disable_module';
  const look = {
    variant: 'ghost',
    size: iconOnly ? 'icon-sm' : 'sm',
    className: iconOnly ? 'text-muted-foreground hover:text-destructive' : undefined,
  } as const;

  const prepare = () =>
    startTransition(async () => {
      setError(null);
      const result = await prepareSafeTransactionAction(workspaceSlug, projectId, profile.id, purpose);
      if (result.ok) router.push(`/safe/tx/${result.data.id}`);
      else if (purpose === 'enable_module') toast.error(result.error);
      else setError(result.error);
    });

  if (roles && safe.openTransaction?.purpose === 'setup_roles' && profile.state === 'pending')
    return (
      <Link
        href={`/safe/tx/${safe.openTransaction.id}`}
        aria-label={`Set up the role of ${profile.name}`}
        className={buttonVariants({ variant: 'ghost', size: 'sm' })}
      >
        <ListChecks />
        Set up the role
      </Link>
    );
  // A roles profile still pending without its setup to sign has no modifier on chain yet: nothing to enable.
  if (roles && profile.state === 'pending' && !safe.moduleEnabled) return null;

  const roleChange = roles && safe.openTransaction?.purpose === 'change_role' ? safe.openTransaction : null;
  return (
    <>
      {roleChange && (
        <Link
          href={`/safe/tx/${roleChange.id}`}
          aria-label={`Sign the role change of ${profile.name}`}
          title="A role change is waiting for the owners' signatures"
          className={buttonVariants({ variant: 'ghost', size: 'icon-sm' })}
        >
          <PenLine />
        </Link>
      )}
      {open ? (
        <Link
          href={`/safe/tx/${open.id}`}
          aria-label={label}
          title={LABEL[purpose]}
          className={buttonVariants(look)}
        >
          <Icon />
          {!iconOnly && LABEL[purpose]}
        </Link>
      ) : (
        <Button
          {...look}
          disabled={pending}
          aria-label={label}
          title={LABEL[purpose]}
          onClick={() => (purpose === 'enable_module' ? prepare() : setConfirming(true))}
        >
          {pending ? <Loader2 className="animate-spin" /> : <Icon />}
          {!iconOnly && LABEL[purpose]}
        </Button>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={(o) => {
          setConfirming(o);
          setError(null);
        }}
        title={`Revoke access of ${profile.name}?`}
        description={`Tickwork prepares a Safe transaction that disables ${roles ? 'the Zodiac Roles modifier' : 'its module'}; nothing changes until the Safe's owners sign and execute it. Afterwards, runs on this profile fail until Tickwork is enabled again.`}
        error={error}
        confirmLabel="Prepare the revocation"
        onConfirm={prepare}
        pending={pending}
      />
    </>
  );
}
