import { ChainStatusBadge } from '@/components/chains/status-badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { adherenceCount, adherenceText, percentilesText, runsCount } from '@/lib/executions/latency-format';
import type { PublicChain } from '@/lib/status/schemas';

const NO_DATA = 'No data';

/** One enabled chain: its status with the reason, and the platform's figures on it over the window. */
export function ChainCard({ chain, toleranceMs }: { chain: PublicChain; toleranceMs: number }) {
  const confirmed = chain.triggerToConfirmed;
  const adherence = chain.adherence;
  return (
    <Card data-testid="status-chain" data-chain-id={chain.chainId} data-status={chain.status}>
      <CardHeader className="flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <CardTitle className="break-words">{chain.name}</CardTitle>
          <CardDescription className="mt-1.5 flex flex-wrap items-center gap-x-1.5 text-xs">
            <code className="break-all font-mono">{chain.network}</code>
            <span>·</span>
            {chain.testnet ? 'Testnet' : 'Mainnet'}
            <span>·</span>
            <span className="tabular-nums">Chain ID {chain.chainId}</span>
          </CardDescription>
        </div>
        <ChainStatusBadge status={chain.status} />
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="break-words text-muted-foreground text-xs leading-snug" data-testid="status-reason">
          {chain.statusReason}
        </p>
        <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          <div className="grid gap-0.5 rounded-md border p-4">
            <dt className="text-muted-foreground text-xs">Trigger → confirmed, p50 / p95</dt>
            <dd className="font-semibold tabular-nums" data-testid="status-confirmed">
              {confirmed.count === 0 ? NO_DATA : percentilesText(confirmed)}
            </dd>
            <dd className="text-muted-foreground text-xs" data-testid="status-confirmed-count">
              {runsCount(confirmed.count, 'confirmed')}
            </dd>
          </div>
          <div className="grid gap-0.5 rounded-md border p-4">
            <dt className="text-muted-foreground text-xs">
              Schedule adherence (started within {toleranceMs / 1000} s)
            </dt>
            <dd className="font-semibold tabular-nums" data-testid="status-adherence">
              {adherence.due === 0 ? NO_DATA : adherenceText(adherence)}
            </dd>
            <dd className="text-muted-foreground text-xs" data-testid="status-adherence-count">
              {adherenceCount(adherence)}
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  );
}
