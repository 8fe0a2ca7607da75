import { Share2, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { CopyButton } from '@/components/ui/copy-button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { shortAddress } from '@/lib/console/format';
import { ProfileActions } from './profile-actions';

export type ProfileView = {
  id: string;
  name: string;
  kind: 'legacy' | 'safe' | 'roles';
  state: 'pending' | 'active' | 'archived';
  chainId: number;
  chainName: string;
  address: string;
  stateReason: string | null;
  balance: string | null;
  shared: boolean;
  faucet: boolean;
};

const STATE_VARIANT = { active: 'success', pending: 'warning', archived: 'secondary' } as const;

export function ProfileStateBadge({ state }: { state: ProfileView['state'] }) {
  return (
    <Badge variant={STATE_VARIANT[state]} data-testid="profile-state">
      {state}
    </Badge>
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
                    {p.kind}
                    {p.shared && (
                      <span
                        className="flex items-center gap-1"
                        title="Shares its account with another project"
                      >
                        · <Share2 className="size-3" /> shared
                      </span>
                    )}
                  </span>
                </span>
              </span>
            </TableCell>
            <TableCell>
              <div className="grid gap-1">
                <ProfileStateBadge state={p.state} />
                {p.state === 'pending' && (
                  <span className="max-w-56 text-muted-foreground text-xs" data-testid="profile-state-reason">
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
              <span className="flex items-center gap-1">
                <code className="font-mono text-xs" title={p.address}>
                  {shortAddress(p.address)}
                </code>
                <CopyButton value={p.address} label={`Copy address of ${p.name}`} iconOnly variant="ghost" />
              </span>
            </TableCell>
            <TableCell className="font-mono text-xs tabular-nums" data-testid="profile-balance">
              {p.balance ?? <span className="text-muted-foreground">unavailable</span>}
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
