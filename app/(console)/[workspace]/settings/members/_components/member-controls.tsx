'use client';

import { Loader2, LogOut, UserMinus } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Select } from '@/components/ui/select';
import type { MemberRole } from '@/db/enums';
import type { ActionResult } from '@/lib/console/action';
import {
  changeMemberRoleAction,
  leaveWorkspaceAction,
  removeMemberAction,
  revokeInvitationAction,
} from '../../actions';

/** Runs an action from a row's control and shows its refusal as a toast. */
function useRowAction() {
  const [pending, startTransition] = useTransition();
  const run = (action: () => Promise<ActionResult<unknown>>, done: string, after?: () => void) =>
    startTransition(async () => {
      const result = await action();
      if (!result.ok) {
        toast.error(result.error);
        return;
      }
      toast.success(done);
      after?.();
    });
  return { pending, run };
}

/** A role as the console shows it: `Owner`, `Admin`, `Member`. */
export const roleLabel = (role: MemberRole) => role[0].toUpperCase() + role.slice(1);

/** A row's action asked for first: the ConfirmDialog runs it, shows its refusal, and closes once it is done. */
function useConfirmedAction(action: () => Promise<ActionResult<unknown>>, done: string, after?: () => void) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    setError(null);
  };
  const onConfirm = () =>
    startTransition(async () => {
      const result = await action();
      if (!result.ok) return setError(result.error);
      toast.success(done);
      setOpen(false);
      after?.();
    });
  return { open, onOpenChange, error, pending, onConfirm };
}

/** The role of one member, changeable by those allowed to (only owners touch owners). */
export function MemberRoleSelect({
  workspaceSlug,
  userId,
  label,
  role,
  options,
}: {
  workspaceSlug: string;
  userId: string;
  label: string;
  role: MemberRole;
  options: MemberRole[];
}) {
  const [value, setValue] = useState(role);
  const { pending, run } = useRowAction();
  return (
    <Select
      aria-label={`Role of ${label}`}
      value={value}
      disabled={pending}
      className="h-8 w-32"
      onChange={(e) => {
        const next = e.target.value as MemberRole;
        setValue(next);
        run(
          async () => {
            const result = await changeMemberRoleAction(workspaceSlug, userId, next);
            if (!result.ok) setValue(role);
            return result;
          },
          `${label} is now ${next === 'admin' ? 'an' : 'a'} ${next}`,
        );
      }}
    >
      {options.map((r) => (
        <option key={r} value={r}>
          {roleLabel(r)}
        </option>
      ))}
    </Select>
  );
}

export function RemoveMemberButton({
  workspaceSlug,
  userId,
  label,
}: {
  workspaceSlug: string;
  userId: string;
  label: string;
}) {
  const confirm = useConfirmedAction(() => removeMemberAction(workspaceSlug, userId), `Removed ${label}`);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        aria-label={`Remove ${label}`}
        disabled={confirm.pending}
        onClick={() => confirm.onOpenChange(true)}
      >
        {confirm.pending ? <Loader2 className="animate-spin" /> : <UserMinus />}
        Remove
      </Button>
      <ConfirmDialog
        {...confirm}
        title={`Remove ${label} from this workspace?`}
        description="Their access ends at once."
        confirmLabel="Remove member"
      />
    </>
  );
}

export function LeaveWorkspaceButton({ workspaceSlug }: { workspaceSlug: string }) {
  const router = useRouter();
  const confirm = useConfirmedAction(
    () => leaveWorkspaceAction(workspaceSlug),
    'You left the workspace',
    () => router.push('/'),
  );
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        disabled={confirm.pending}
        onClick={() => confirm.onOpenChange(true)}
      >
        {confirm.pending ? <Loader2 className="animate-spin" /> : <LogOut />}
        Leave workspace
      </Button>
      <ConfirmDialog
        {...confirm}
        title="Leave this workspace?"
        description="You lose access at once."
        confirmLabel="Leave workspace"
      />
    </>
  );
}

export function RevokeInvitationButton({
  workspaceSlug,
  invitationId,
  label,
}: {
  workspaceSlug: string;
  invitationId: string;
  label: string;
}) {
  const { pending, run } = useRowAction();
  return (
    <Button
      variant="ghost"
      size="sm"
      aria-label={`Revoke the invitation of ${label}`}
      disabled={pending}
      onClick={() =>
        run(() => revokeInvitationAction(workspaceSlug, invitationId), `Invitation of ${label} revoked`)
      }
    >
      {pending && <Loader2 className="animate-spin" />}
      Revoke
    </Button>
  );
}
