// /status — the public status page, no sign-in (TICKWORK_PUBLIC_STATUS=on; otherwise no such page): each
// enabled chain's status and the platform's trigger → confirmed latency and schedule adherence over 24 hours.
import { Network } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { Logo } from '@/components/brand/logo';
import { ChainStatusBadge } from '@/components/chains/status-badge';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { getDb } from '@/db/client';
import { formatUtc } from '@/lib/console/format';
import { overallStatus, type PublicChainStatus } from '@/lib/status/chain-status';
import { publicStatusEnabled } from '@/lib/status/config';
import { publicStatus } from '@/lib/status/snapshot';
import { ChainCard } from './_components/chain-card';

// Only a page that exists has a title of its own.
export async function generateMetadata(): Promise<Metadata> {
  await connection();
  return publicStatusEnabled() ? { title: 'Status' } : {};
}

/** "All chains operational", or how many are not. */
function headline(statuses: PublicChainStatus[]) {
  const off = statuses.filter((s) => s !== 'operational').length;
  return off === 0
    ? 'All chains operational'
    : `${off} of ${statuses.length} chain${statuses.length === 1 ? '' : 's'} not operational`;
}

export default async function StatusPage() {
  await connection();
  if (!publicStatusEnabled()) notFound();
  const status = await publicStatus(getDb());
  const statuses = status.chains.map((c) => c.status);
  const tolerance = status.adherenceToleranceMs / 1000;

  return (
    <main className="mx-auto w-full max-w-4xl px-5 py-8 sm:px-8 lg:py-12">
      <Logo className="mb-8" />
      <PageHeader
        title="Status"
        description={`The chains this deployment runs automations on, and how quickly its runs confirm: every run of the last ${status.windowHours} hours, across all workspaces.`}
      />
      {status.chains.length === 0 ? (
        <Card>
          <EmptyState
            icon={Network}
            title="No chains enabled"
            description="The operator has not enabled any chain."
          />
        </Card>
      ) : (
        <div className="grid gap-4">
          <div
            className="flex flex-wrap items-center justify-between gap-2 rounded-xl border bg-card px-5 py-4"
            data-testid="status-overall"
            data-status={overallStatus(statuses)}
          >
            <span className="font-medium">{headline(statuses)}</span>
            <ChainStatusBadge status={overallStatus(statuses)} />
          </div>
          {status.chains.map((chain) => (
            <ChainCard key={chain.chainId} chain={chain} toleranceMs={status.adherenceToleranceMs} />
          ))}
        </div>
      )}
      <footer className="mt-8 grid gap-2 text-muted-foreground text-xs leading-relaxed">
        <p>
          Updated {formatUtc(status.generatedAt)}, at most once a minute. Chain status is this server’s view
          of the chain’s RPC upstreams over the last minutes.
        </p>
        <p>
          Trigger → confirmed: from a run’s due time (or the time it was requested) to its confirmed
          transaction, median and 95th percentile of the confirmed runs. Schedule adherence: the share of
          scheduled runs that started within {tolerance} s of their due time, counting runs still waiting more
          than {tolerance} s as late.
        </p>
        <p>
          The same figures as JSON:{' '}
          <a href="/api/status" className="font-mono text-primary hover:underline">
            /api/status
          </a>
          .
        </p>
      </footer>
    </main>
  );
}
