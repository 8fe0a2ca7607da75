// /{workspace}/api-keys — management API keys: list, create a key bound to the workspace, revoke.
import { KeyRound } from 'lucide-react';
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { RelativeTime } from '@/components/ui/relative-time';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { listApiKeys } from '@/lib/auth/api-keys';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate, shortAddress } from '@/lib/console/format';
import { RevokeKeyButton } from '../_components/revoke-key-button';
import { CreateApiKeyDialog } from './_components/create-api-key-dialog';
import { KeyStatusBadge, keyStatus } from './_components/key-status';
import { ScopeSummary } from './_components/scope-summary';
import { revokeApiKeyAction } from './actions';
export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { user, workspace, canMutate } = await requireWorkspaceAccess(slug);
  const keys = await listApiKeys(getDb(), {
    workspaceId: workspace.id,
    userId: user.id,
    canManageWorkspaceKeys: canMutate,
  });
  const now = new Date();
  const create = canMutate ? (
    <CreateApiKeyDialog workspaceSlug={slug} workspaceName={workspace.name} />
  ) : null;

  return (
    <>
      <PageHeader
        title="API keys"
        description={
          canMutate
            ? 'Credentials for the management API and the CLI. Tokens are shown once and stored only as hashes.'
            : 'Your credentials for the management API and the CLI. Owners and admins create keys.'
        }
        actions={create}
      />
      <Alert className="mb-6" title="Keys are bound to this workspace">
        <span className="inline-flex flex-wrap items-center gap-1">
          A key created here, or by approving{' '}
          <code className="rounded bg-card px-1.5 py-0.5 font-mono text-xs">tickwork login</code>, acts only
          in {workspace.name}.
          {keys.some((k) => !k.workspaceId && !k.revokedAt) && (
            <>
              {' '}
              Older unbound keys act in any workspace named by the{' '}
              <code className="font-mono text-xs">X-Workspace-Id</code> header: replace them.
            </>
          )}
        </span>
      </Alert>
      <Card className="overflow-hidden">
        {keys.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys"
            description="Create a key to call the management API from scripts, or approve a CLI login."
            action={create ?? undefined}
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Key</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Expires</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((k) => {
                const status = keyStatus(k, now);
                const owner = k.ownerAddress ? shortAddress(k.ownerAddress) : (k.ownerName ?? k.userId);
                return (
                  <TableRow
                    key={k.id}
                    data-testid="api-key-row"
                    className={status === 'active' ? undefined : 'opacity-60'}
                  >
                    <TableCell>
                      <span className="flex items-center gap-2.5">
                        <span className="flex size-7 items-center justify-center rounded-md bg-muted">
                          <KeyRound className="size-3.5 text-muted-foreground" />
                        </span>
                        <span>
                          <span className="flex items-center gap-1.5 font-medium">
                            <span className="max-w-48 truncate" title={k.name}>
                              {k.name}
                            </span>
                            {!k.workspaceId && (
                              <Badge
                                variant="secondary"
                                title="Acts in any workspace named by X-Workspace-Id"
                              >
                                Unbound
                              </Badge>
                            )}
                          </span>
                          <code className="font-mono text-muted-foreground text-xs">{k.tokenPrefix}…</code>
                          {k.userId !== user.id && (
                            <span className="text-muted-foreground text-xs"> · {owner}</span>
                          )}
                        </span>
                      </span>
                    </TableCell>
                    <TableCell>
                      <ScopeSummary scopes={k.scopes} />
                    </TableCell>
                    <TableCell className="text-muted-foreground">{formatDate(k.createdAt)}</TableCell>
                    <TableCell className="text-muted-foreground">
                      {k.lastUsedAt ? <RelativeTime value={k.lastUsedAt} /> : 'Never'}
                    </TableCell>
                    <TableCell className="text-muted-foreground">
                      {k.expiresAt ? <RelativeTime value={k.expiresAt} /> : 'Never'}
                    </TableCell>
                    <TableCell>
                      <KeyStatusBadge status={status} />
                    </TableCell>
                    <TableCell className="text-right">
                      {status === 'active' && (
                        <RevokeKeyButton
                          workspaceSlug={slug}
                          keyId={k.id}
                          name={k.name}
                          revoke={revokeApiKeyAction}
                          description="Requests with this key fail from the next one on. Scripts and CLIs using it stop working."
                        />
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
      </Card>
    </>
  );
}
