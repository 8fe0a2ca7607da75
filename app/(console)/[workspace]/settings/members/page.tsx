// /{workspace}/settings/members — the people of the workspace, their roles and the pending invitations.
import type { Metadata } from 'next';
import { getAddress } from 'viem';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { MEMBER_ROLES, type MemberRole } from '@/db/enums';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate, formatRelative } from '@/lib/console/format';
import { listInvitations } from '@/lib/workspaces/invitations';
import { listMembers } from '@/lib/workspaces/members';
import { InviteMemberDialog } from './_components/invite-member-dialog';
import {
  LeaveWorkspaceButton,
  MemberRoleSelect,
  RemoveMemberButton,
  RevokeInvitationButton,
} from './_components/member-controls';

export const metadata: Metadata = { title: 'Members' };

/** The roles `actor` may move a member between (only owners touch owners), or none. */
function manageableRoles(actor: MemberRole, target: MemberRole): MemberRole[] {
  if (actor === 'member') return [];
  if (actor === 'owner') return [...MEMBER_ROLES];
  return target === 'owner' ? [] : ['admin', 'member'];
}

const labelOf = (m: { address: string | null; name: string | null; userId: string }) =>
  m.address ? getAddress(m.address) : (m.name ?? m.userId);

export default async function MembersPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { user, workspace, role } = await requireWorkspaceAccess(slug);
  const db = getDb();
  const [members, invitations] = await Promise.all([
    listMembers(db, workspace.id),
    listInvitations(db, workspace.id),
  ]);
  const canManage = role !== 'member';
  // the last owner always stays: leaving is not offered to them (the API refuses it too)
  const soleOwner = role === 'owner' && members.filter((m) => m.role === 'owner').length === 1;

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-4">
          <div className="grid min-w-64 flex-1 gap-1.5">
            <CardTitle>Members</CardTitle>
            <CardDescription>
              Owners and admins change the workspace; members read it. Only owners manage owners, and the last
              owner always stays.
            </CardDescription>
          </div>
          <div className="flex shrink-0 gap-2">
            {!soleOwner && <LeaveWorkspaceButton workspaceSlug={slug} />}
            {canManage && <InviteMemberDialog workspaceSlug={slug} canInviteOwners={role === 'owner'} />}
          </div>
        </CardHeader>
        <CardContent className="p-0">
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Member</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {members.map((m) => {
                const label = labelOf(m);
                const options = m.userId === user.id ? [] : manageableRoles(role, m.role);
                return (
                  <TableRow key={m.userId} data-testid="member-row">
                    <TableCell>
                      <span className="break-all font-mono text-xs">{label}</span>
                      {m.userId === user.id && (
                        <Badge variant="secondary" className="ml-2">
                          You
                        </Badge>
                      )}
                    </TableCell>
                    <TableCell>
                      {options.length > 0 ? (
                        <MemberRoleSelect
                          workspaceSlug={slug}
                          userId={m.userId}
                          label={label}
                          role={m.role}
                          options={options}
                        />
                      ) : (
                        <Badge variant={m.role === 'member' ? 'secondary' : 'default'}>{m.role}</Badge>
                      )}
                    </TableCell>
                    <TableCell className="text-muted-foreground">{formatDate(m.joinedAt)}</TableCell>
                    <TableCell className="text-right">
                      {options.length > 0 && (
                        <RemoveMemberButton workspaceSlug={slug} userId={m.userId} label={label} />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </CardContent>
      </Card>
      {invitations.length > 0 && (
        <Card>
          <CardHeader>
            <CardTitle>Pending invitations</CardTitle>
            <CardDescription>Accepted when the invitee next signs in with that wallet.</CardDescription>
          </CardHeader>
          <CardContent className="p-0">
            <Table>
              <TableHeader>
                <TableRow className="hover:bg-transparent">
                  <TableHead>Invitee</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Expires</TableHead>
                  <TableHead className="text-right">
                    <span className="sr-only">Actions</span>
                  </TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {invitations.map((i) => {
                  const label = i.ensName ?? getAddress(i.address);
                  return (
                    <TableRow key={i.id} data-testid="invitation-row">
                      <TableCell>
                        <span className="break-all font-mono text-xs">{label}</span>
                        {i.ensName && (
                          <span className="block text-muted-foreground text-xs">{getAddress(i.address)}</span>
                        )}
                      </TableCell>
                      <TableCell>
                        <Badge variant="outline">{i.role}</Badge>
                      </TableCell>
                      <TableCell className="text-muted-foreground">{formatRelative(i.expiresAt)}</TableCell>
                      <TableCell className="text-right">
                        {manageableRoles(role, i.role).length > 0 && (
                          <RevokeInvitationButton workspaceSlug={slug} invitationId={i.id} label={label} />
                        )}
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
