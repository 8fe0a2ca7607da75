// /{workspace}/api-keys — management API keys: list, create an unbound key, revoke.
import { KeyRound, Terminal } from 'lucide-react';
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { listApiKeys } from '@/lib/auth/api-keys';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { SCOPES } from '@/lib/auth/scopes';
import { formatDate, formatRelative } from '@/lib/console/format';
import { CreateApiKeyDialog } from './_components/create-api-key-dialog';
import { RevokeApiKeyButton } from './_components/revoke-api-key-button';

export const metadata: Metadata = { title: 'API keys' };

export default async function ApiKeysPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { user, workspace, canMutate } = await requireWorkspaceAccess(slug);
  const keys = await listApiKeys(getDb(), { workspaceId: workspace.id, userId: user.id });

  return (
    <>
      <PageHeader
        title="API keys"
        description="Credentials for the management API and the CLI. Tokens are shown once and stored only as hashes."
        actions={canMutate && <CreateApiKeyDialog workspaceSlug={slug} workspaceId={workspace.id} />}
      />
      <Alert className="mb-6" title="Prefer the CLI's management login">
        <span className="inline-flex flex-wrap items-center gap-1">
          Run <code className="rounded bg-card px-1.5 py-0.5 font-mono text-xs">tickwork login</code> and
          approve it here: you get a key bound to exactly one workspace. Unbound keys act for you in any
          workspace named by the <code className="font-mono text-xs">X-Workspace-Id</code> header.
        </span>
      </Alert>
      <Card className="overflow-hidden">
        {keys.length === 0 ? (
          <EmptyState
            icon={KeyRound}
            title="No API keys"
            description="Create a key to call the management API from scripts, or approve a CLI login."
            action={
              canMutate ? <CreateApiKeyDialog workspaceSlug={slug} workspaceId={workspace.id} /> : undefined
            }
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Key</TableHead>
                <TableHead>Workspace</TableHead>
                <TableHead>Scopes</TableHead>
                <TableHead>Created</TableHead>
                <TableHead>Last used</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="text-right">
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {keys.map((k) => {
                const revoked = k.revokedAt !== null;
                const mayRevoke = !revoked && (canMutate || k.userId === user.id);
                return (
                  <TableRow
                    key={k.id}
                    data-testid="api-key-row"
                    className={revoked ? 'opacity-60' : undefined}
                  >
                    <TableCell>
                      <span className="flex items-center gap-2.5">
                        <span className="flex size-7 items-center justify-center rounded-md bg-muted">
                          {k.workspaceId ? (
                            <Terminal className="size-3.5 text-muted-foreground" />
                          ) : (
                            <KeyRound className="size-3.5 text-muted-foreground" />
                          )}
                        </span>
                        <span>
                          <span className="block font-medium">{k.name}</span>
                          <code className="font-mono text-muted-foreground text-xs">{k.tokenPrefix}…</code>
                        </span>
                      </span>
                    </TableCell>
                    <TableCell>
                      {k.workspaceId ? (
                        <Badge variant="outline">{workspace.name}</Badge>
                      ) : (
                        <Badge variant="secondary">Unbound</Badge>
                      )}
                    </TableCell>
                    <TableCell title={k.scopes.join(', ')}>
                      {k.scopes.length === SCOPES.length ? 'All' : k.scopes.length} scopes
                    </TableCell>
                    <TableCell className="text-muted-foreground">{formatDate(k.createdAt)}</TableCell>
                    <TableCell className="text-muted-foreground">
                      {k.lastUsedAt ? formatRelative(k.lastUsedAt) : 'Never'}
                    </TableCell>
                    <TableCell>
                      {revoked ? (
                        <Badge variant="destructive">Revoked</Badge>
                      ) : (
                        <Badge variant="success">Active</Badge>
                      )}
                    </TableCell>
                    <TableCell className="text-right">
                      {mayRevoke && <RevokeApiKeyButton workspaceSlug={slug} keyId={k.id} name={k.name} />}
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
