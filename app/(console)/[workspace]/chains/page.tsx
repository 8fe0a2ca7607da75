// /{workspace}/chains — the deployment's enabled chains: the RPC gateway's live status of each, its endpoint,
// whether this workspace's plan may use it, and the chain follower's lag (event and block triggers).
import { ExternalLink, Lock, Network } from 'lucide-react';
import type { Metadata } from 'next';
import { ChainStatusBadge } from '@/components/chains/status-badge';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { enabledChains } from '@/lib/chains/config';
import { listChains } from '@/lib/chains/list';
import { hueOf } from '@/lib/console/format';
import { serverActionOrigin } from '@/lib/console/origin';
import { chainFollowerLag } from '@/lib/follower/lag';
import { chainEndpoint, gatewayBaseUrl } from '@/lib/gateway/config';
import { type ChainStatus, chainStatus } from '@/lib/gateway/health';
import { ensurePolled } from '@/lib/gateway/poller';
import { PLANS } from '@/lib/usage/plans';
import { FollowerLag } from './_components/follower-lag';

export const metadata: Metadata = { title: 'Chains' };

const age = (seconds: number | null) =>
  seconds === null
    ? null
    : seconds < 120
      ? `${seconds} s ago`
      : seconds < 7200
        ? `${Math.round(seconds / 60)} min ago`
        : `${Math.round(seconds / 3600)} h ago`;

const ms = (value: number | null) =>
  value === null ? '—' : `${value < 10 ? value.toFixed(1) : Math.round(value)} ms`;

function StatusCell({ status }: { status: ChainStatus }) {
  return (
    <span className="grid max-w-48 gap-1" data-testid="chain-status" data-status={status.status}>
      <ChainStatusBadge status={status.status} />
      <span className="whitespace-normal text-muted-foreground text-xs leading-snug">
        {status.statusReason}
      </span>
    </span>
  );
}

export default async function ChainsPage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const configs = enabledChains();
  await Promise.all(configs.map((chain) => ensurePolled(chain)));
  const rpcUrl = gatewayBaseUrl(await serverActionOrigin());
  const scheme = new URL(rpcUrl).protocol;
  const chains = listChains(workspace.plan).map((chain) => {
    const config = configs.find((c) => c.chainId === chain.chainId);
    return { ...chain, health: config ? chainStatus(config) : null };
  });
  const plan = PLANS[workspace.plan];
  // The chain follower (event and block triggers): only chains it has a cursor for.
  const lags = new Map((await chainFollowerLag(getDb())).map((l) => [l.chainId, l]));
  const now = Date.now();

  return (
    <>
      <PageHeader
        title="Chains"
        description={
          plan.mainnet
            ? 'Networks this deployment runs automations on, with the RPC gateway’s live status.'
            : `Networks this deployment runs automations on, with the RPC gateway’s live status. The ${plan.name} plan is limited to testnets.`
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
                <TableHead>Status</TableHead>
                <TableHead>Block</TableHead>
                <TableHead>p50 / p95 · errors</TableHead>
                <TableHead>Availability</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {chains.map((c) => (
                <TableRow key={c.chainId} data-testid="chain-row">
                  <TableCell>
                    <span className="flex items-center gap-3">
                      <span
                        aria-hidden="true"
                        className="size-7 shrink-0 rounded-full ring-1 ring-black/5"
                        style={{
                          background: `radial-gradient(circle at 30% 30%, hsl(${hueOf(c.network)} 80% 70%), hsl(${hueOf(c.network)} 70% 45%))`,
                        }}
                      />
                      <span>
                        <span className="block font-medium">{c.name}</span>
                        <span className="flex items-center gap-1.5 text-muted-foreground text-xs">
                          <code className="font-mono">{c.network}</code>
                          <span>·</span>
                          {c.testnet ? 'Testnet' : 'Mainnet'}
                          <span>·</span>
                          {c.nativeCurrency.symbol}
                          {c.explorerUrl && (
                            <a
                              href={c.explorerUrl}
                              target="_blank"
                              rel="noreferrer"
                              aria-label={`${c.name} explorer`}
                              className="inline-flex items-center text-primary hover:underline"
                            >
                              <ExternalLink className="size-3" />
                            </a>
                          )}
                        </span>
                        <code
                          className="mt-0.5 block max-w-52 break-all font-mono text-[11px] text-muted-foreground"
                          title="The gateway endpoint: append your RPC key"
                          data-testid="chain-endpoint"
                        >
                          {`${scheme}//${chainEndpoint(rpcUrl, c.network)}/<key>`}
                        </code>
                      </span>
                    </span>
                  </TableCell>
                  <TableCell className="font-mono tabular-nums">{c.chainId}</TableCell>
                  <TableCell>{c.health ? <StatusCell status={c.health} /> : '—'}</TableCell>
                  <TableCell className="tabular-nums">
                    {c.health?.blockNumber != null ? (
                      <span className="grid">
                        <span className="font-mono">#{c.health.blockNumber.toLocaleString('en-US')}</span>
                        <span className="text-muted-foreground text-xs">{age(c.health.blockAgeSeconds)}</span>
                      </span>
                    ) : (
                      <span className="text-muted-foreground">—</span>
                    )}
                    <FollowerLag lag={lags.get(c.chainId)} now={now} />
                  </TableCell>
                  <TableCell className="tabular-nums" data-testid="chain-error-ratio">
                    {c.health ? (
                      <span className="grid">
                        <span className="whitespace-nowrap">
                          {ms(c.health.latencyP50Ms)} / {ms(c.health.latencyP95Ms)}
                        </span>
                        <span className="whitespace-nowrap text-muted-foreground text-xs">
                          {(c.health.errorRatio * 100).toFixed(1)} % of {c.health.requests}
                        </span>
                      </span>
                    ) : (
                      '—'
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
