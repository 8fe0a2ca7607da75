'use client';

import { UserPlus } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { MEMBER_ROLES } from '@/db/enums';
import { inviteMemberAction } from '../../actions';
import { roleLabel } from './member-controls';

/** The roles offered, the least one first (the default). */
const INVITE_ROLES = [...MEMBER_ROLES].reverse();

/** Owners and admins: invites a wallet address or ENS name with a role (only owners may invite owners). */
export function InviteMemberDialog({
  workspaceSlug,
  canInviteOwners,
}: {
  workspaceSlug: string;
  canInviteOwners: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [invitee, setInvitee] = useState('');
  const [role, setRole] = useState('member');
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const toggle = (next: boolean) => {
    setOpen(next);
    if (next) {
      setInvitee('');
      setRole('member');
      setError(null);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await inviteMemberAction(workspaceSlug, { invitee, role });
      if (!result.ok) return setError(result.error);
      toast.success(`Invited ${result.data.ensName ?? result.data.address} as ${result.data.role}`);
      setOpen(false);
    });
  };

  return (
    <>
      <Button onClick={() => toggle(true)}>
        <UserPlus />
        Invite member
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title="Invite a member"
        description="They join with this role the next time they sign in with that wallet."
      >
        <form onSubmit={submit}>
          <DialogBody>
            <Field label="Wallet address or ENS name" htmlFor="invitee" hint="0x… or name.eth">
              <Input
                id="invitee"
                autoComplete="off"
                spellCheck={false}
                value={invitee}
                onChange={(e) => setInvitee(e.target.value)}
                placeholder="0x…"
              />
            </Field>
            <Field
              label="Role"
              htmlFor="invite-role"
              hint="Members read; admins and owners also change things."
            >
              <Select id="invite-role" value={role} onChange={(e) => setRole(e.target.value)}>
                {INVITE_ROLES.filter((r) => canInviteOwners || r !== 'owner').map((r) => (
                  <option key={r} value={r}>
                    {roleLabel(r)}
                  </option>
                ))}
              </Select>
            </Field>
            {error && <Alert variant="destructive">{error}</Alert>}
          </DialogBody>
          <FormDialogFooter onCancel={() => toggle(false)} pending={pending} disabled={!invitee.trim()}>
            Send invitation
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
