// /{workspace}/chains — the deployment's enabled chains and whether this workspace's plan may use them.
import { ExternalLink, Lock, Network } from 'lucide-react';
import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { listChains } from '@/lib/chains/list';
import { hueOf } from '@/lib/console/format';
import { PLANS } from '@/lib/usage/plans';

export const metadata: Metadata = { title: 'Chains' };

export default async function ChainsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const chains = listChains(workspace.plan);
  const plan = PLANS[workspace.plan];

  return (
    <>
      <PageHeader
        title="Chains"
        description={
          plan.mainnet
            ? 'Networks this deployment runs automations on.'
            : `Networks this deployment runs automations on. The ${plan.name} plan is limited to testnets.`
        }
      />
      <Card className="overflow-hidden">
        {chains.length === 0 ? (
          <EmptyState
            icon={Network}
            title="No chains enabled"
            description="The operator has not enabled any chain."
          />
        ) : (
          <Table>
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Chain</TableHead>
                <TableHead>Chain ID</TableHead>
                <TableHead>Type</TableHead>
                <TableHead>Native currency</TableHead>
                <TableHead>Explorer</TableHead>
                <TableHead>Availability</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {chains.map((c) => (
                <TableRow key={c.chainId}>
                  <TableCell>
                    <span className="flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className="size-7 rounded-full ring-1 ring-black/5"
                        style={{
                          background: `radial-gradient(circle at 30% 30%, hsl(${hueOf(c.network)} 80% 70%), hsl(${hueOf(c.network)} 70% 45%))`,
                        }}
                      />
                      <span>
                        <span className="block font-medium">{c.name}</span>
                        <code className="font-mono text-muted-foreground text-xs">{c.network}</code>
                      </span>
                    </span>
                  </TableCell>
                  <TableCell className="font-mono tabular-nums">{c.chainId}</TableCell>
                  <TableCell>
                    {c.testnet ? (
                      <Badge variant="secondary">Testnet</Badge>
                    ) : (
                      <Badge variant="outline">Mainnet</Badge>
                    )}
                  </TableCell>
                  <TableCell>
                    {c.nativeCurrency.symbol}
                    <span className="ml-1.5 text-muted-foreground text-xs">{c.nativeCurrency.name}</span>
                  </TableCell>
                  <TableCell>
                    {c.explorerUrl ? (
                      <a
                        href={c.explorerUrl}
                        target="_blank"
                        rel="noreferrer"
                        className="inline-flex items-center gap-1 text-primary hover:underline"
                      >
                        {new URL(c.explorerUrl).host}
                        <ExternalLink className="size-3" />
                      </a>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                  </TableCell>
                  <TableCell>
                    {c.availableOnPlan ? (
                      <Badge variant="success">
                        <span className="size-1.5 rounded-full bg-current" />
                        Available
                      </Badge>
                    ) : (
                      <Badge variant="warning">
                        <Lock />
                        Paid plans
                      </Badge>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Card>
    </>
  );
}
