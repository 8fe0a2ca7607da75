// /{workspace}/rpc-keys — RPC gateway keys: list, create (owners and admins), revoke.
import { Cable } from 'lucide-react';
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate, formatRelative } from '@/lib/console/format';
import { serverActionOrigin } from '@/lib/console/origin';
import { gatewayBaseUrl } from '@/lib/gateway/config';
import { listRpcKeys } from '@/lib/gateway/keys';
import { RevokeKeyButton } from '../_components/revoke-key-button';
import { CreateRpcKeyDialog } from './_components/create-rpc-key-dialog';
import { revokeRpcKeyAction } from './actions';
export const metadata: Metadata = { title: 'RPC keys' };

export default async function RpcKeysPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace, canMutate } = await requireWorkspaceAccess(slug);
  const keys = await listRpcKeys(getDb(), workspace.id);
  const rpcUrl = gatewayBaseUrl(await serverActionOrigin());
  const create = canMutate ? <CreateRpcKeyDialog workspaceSlug={slug} rpcUrl={rpcUrl} /> : undefined;

  return (
    <>
      <PageHeader
        title="RPC keys"
        description="Keys for the JSON-RPC gateway in front of this deployment’s chains. Tokens are shown once and stored only as hashes."
        actions={create}
      />
      <Alert className="mb-6" title="Using the gateway">
        <span className="inline-flex flex-wrap items-center gap-1">
          List the chains with <code className="font-mono text-xs">GET {rpcUrl}/v1/chains</code> and the
          header <code className="font-mono text-xs">apikey</code>; send JSON-RPC to{' '}
          <code className="font-mono text-xs">{rpcUrl}/&lt;network&gt;/&lt;key&gt;</code>. Signing, mining and
          admin methods are refused; the Chains page shows each endpoint and its status.
        </span>
      </Alert>
      <Card className="overflow-hidden">
        {keys.length === 0 ? (
          <EmptyState
            icon={Cable}
            title="No RPC keys"
            description="Create a key to read the chains and send signed transactions through the gateway."
            action={create}
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Key</TableHead>
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
                return (
                  <TableRow
                    key={k.id}
                    data-testid="rpc-key-row"
                    className={revoked ? 'opacity-60' : undefined}
                  >
                    <TableCell>
                      <span className="flex items-center gap-2.5">
                        <span className="flex size-7 items-center justify-center rounded-md bg-muted">
                          <Cable className="size-3.5 text-muted-foreground" />
                        </span>
                        <span>
                          <span className="block font-medium">{k.name}</span>
                          <code className="font-mono text-muted-foreground text-xs">{k.tokenPrefix}…</code>
                        </span>
                      </span>
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
                      {!revoked && canMutate && (
                        <RevokeKeyButton
                          workspaceSlug={slug}
                          keyId={k.id}
                          name={k.name}
                          revoke={revokeRpcKeyAction}
                          description="Gateway requests with this key fail within seconds. Apps using it get 401."
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
