import { Share2, Wallet } from 'lucide-react';
import Link from 'next/link';
import { Amount } from '@/components/ui/amount';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { shortAddress } from '@/lib/console/format';
import { functionRefWords, scopeSize } from '@/lib/zodiac/scope-drafts';
import { NonceBlockedNote } from './nonce-blocked-note';
import { ProfileActions } from './profile-actions';
import type { ProfileView } from './profile-view';
import { RoleAllowances } from './role-allowances';

const KIND_LABEL: Record<ProfileView['kind'], string> = {
  legacy: 'Account',
  safe: 'Safe',
  roles: 'Zodiac Roles',
};

const STATE_VARIANT = { active: 'success', pending: 'warning', archived: 'secondary' } as const;

export function ProfileStateBadge({ state }: { state: ProfileView['state'] }) {
  return (
    <Badge variant={STATE_VARIANT[state]} data-testid="profile-state">
      {state}
    </Badge>
  );
}

/** An address cut short, whole on hover, with a copy button; `label` names whose it is (the executor). */
function AddressLine({
  address,
  label,
  copyLabel,
  testId,
}: {
  address: string;
  label?: string;
  copyLabel: string;
  testId?: string;
}) {
  return (
    <span className="flex items-center gap-1">
      {label && <span className="text-muted-foreground text-xs">{label}</span>}
      <code className="font-mono text-xs" title={address} data-testid={testId}>
        {shortAddress(address)}
      </code>
      <CopyButton value={address} label={copyLabel} iconOnly variant="ghost" />
    </span>
  );
}

/** What the role allows as Tickwork last set it, linking to that transaction (the chain may say otherwise). */
function RoleScopeLink({ change }: { change: NonNullable<NonNullable<ProfileView['roles']>['lastChange']> }) {
  const calls = change.scope.flatMap((e) => e.functions.map((fn) => `${functionRefWords(fn)} on ${e.to}`));
  return (
    <Link
      href={`/safe/tx/${change.id}`}
      className="w-fit text-muted-foreground text-xs underline-offset-4 hover:text-foreground hover:underline"
      title={`As Tickwork last set the role (its owners may change it on chain):\n${calls.join('\n')}`}
      data-testid="profile-role-scope"
    >
      role allows {change.scope.length === 0 ? 'no call' : scopeSize(change.scope)}
    </Link>
  );
}

export function ProfilesTable({
  workspaceSlug,
  projectId,
  profiles,
  otherProjects,
  canMutate,
}: {
  workspaceSlug: string;
  projectId: string;
  profiles: ProfileView[];
  otherProjects: { id: string; name: string }[];
  canMutate: boolean;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead>Name</TableHead>
          <TableHead>State</TableHead>
          <TableHead>Chain</TableHead>
          <TableHead>Address</TableHead>
          <TableHead>Balance</TableHead>
          {canMutate && <TableHead className="text-right">Actions</TableHead>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {profiles.map((p) => (
          <TableRow key={p.id} data-testid="profile-row" data-name={p.name}>
            <TableCell>
              <span className="flex items-center gap-2.5">
                <span className="flex size-7 items-center justify-center rounded-md bg-muted">
                  <Wallet className="size-3.5 text-muted-foreground" />
                </span>
                <span className="grid gap-0.5">
                  <span className="font-medium">{p.name}</span>
                  <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                    <span data-testid="profile-kind">{KIND_LABEL[p.kind]}</span>
                    {p.keySource && (
                      <span
                        data-testid="profile-key-source"
                        title={
                          p.keySource === 'imported'
                            ? 'Its key was imported in the console'
                            : 'Tickwork generated its key'
                        }
                      >
                        · {p.keySource === 'imported' ? 'imported key' : 'generated key'}
                      </span>
                    )}
                    {p.safe && (
                      <span title={p.safe.owners.join('\n')} data-testid="profile-safe-owners">
                        · {p.safe.threshold} of {p.safe.owners.length}{' '}
                        {p.safe.owners.length === 1 ? 'owner' : 'owners'}
                      </span>
                    )}
                    {p.shared && (
                      <span
                        className="flex items-center gap-1"
                        title="Shares its account with another project"
                      >
                        · <Share2 className="size-3" /> shared
                      </span>
                    )}
                  </span>
                  {p.roles?.lastChange && <RoleScopeLink change={p.roles.lastChange} />}
                  {p.roles && <RoleAllowances allowances={p.roles.allowances} />}
                  {p.nonceBlocked && <NonceBlockedNote blocked={p.nonceBlocked} />}
                </span>
              </span>
            </TableCell>
            <TableCell>
              <div className="grid gap-1">
                <span className="flex flex-wrap items-center gap-1">
                  <ProfileStateBadge state={p.state} />
                  {p.safe && (
                    <Badge
                      variant={p.safe.moduleEnabled ? 'outline' : 'secondary'}
                      data-testid="profile-module"
                    >
                      {p.roles ? 'modifier' : 'module'} {p.safe.moduleEnabled ? 'enabled' : 'not enabled'}
                    </Badge>
                  )}
                </span>
                {(p.stateReason || p.state === 'pending') && (
                  <span
                    className="max-w-56 whitespace-normal text-muted-foreground text-xs"
                    data-testid="profile-state-reason"
                  >
                    {p.stateReason ?? 'Provisioning on chain…'}
                  </span>
                )}
              </div>
            </TableCell>
            <TableCell>
              <span className="grid gap-0.5">
                <span>{p.chainName}</span>
                <span className="font-mono text-muted-foreground text-xs">{p.chainId}</span>
              </span>
            </TableCell>
            <TableCell>
              <AddressLine address={p.address} copyLabel={`Copy address of ${p.name}`} />
              {p.roles && (
                <AddressLine
                  label="modifier"
                  address={p.roles.modifier}
                  copyLabel={`Copy modifier address of ${p.name}`}
                  testId="profile-modifier"
                />
              )}
              {p.executor && (
                <AddressLine
                  label="executor"
                  address={p.executor.address}
                  copyLabel={`Copy executor address of ${p.name}`}
                  testId="profile-executor"
                />
              )}
            </TableCell>
            <TableCell className="font-mono text-xs tabular-nums">
              <span className="block" data-testid="profile-balance">
                {p.balance ? (
                  <Amount {...p.balance} />
                ) : (
                  <span className="text-muted-foreground">unavailable</span>
                )}
              </span>
              {p.executor && (
                <span className="mt-1 block" data-testid="profile-executor-balance">
                  <span className="font-sans text-muted-foreground">executor </span>
                  {p.executor.balance ? (
                    <Amount {...p.executor.balance} />
                  ) : (
                    <span className="text-muted-foreground">unavailable</span>
                  )}
                </span>
              )}
            </TableCell>
            {canMutate && (
              <TableCell className="text-right">
                <ProfileActions
                  workspaceSlug={workspaceSlug}
                  projectId={projectId}
                  profile={p}
                  otherProjects={otherProjects}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
