// /{workspace}/usage — current-cycle compute units, projection, plan limits and a daily chart.
import { Boxes, Cpu, CreditCard, Fuel, Network, TrendingUp, Upload } from 'lucide-react';
import type { Metadata } from 'next';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { Progress } from '@/components/ui/progress';
import { getDb } from '@/db/client';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { formatDate, formatNumber } from '@/lib/console/format';
import { getUsage } from '@/lib/usage/service';
import { ComputeUnitsAlert } from '../_components/compute-units-alert';
import { dailySeries } from './_components/daily-series';
import { StatCard } from './_components/stat-card';
import { UsageChart } from './_components/usage-chart';

export const metadata: Metadata = { title: 'Usage' };

const percent = (used: number, of: number) => (of > 0 ? Math.round((used / of) * 100) : 0);

export default async function UsagePage({ params }: { params: Promise<{ workspace: string }> }) {
  const { workspace: slug } = await params;
  const { workspace } = await requireWorkspaceAccess(slug);
  const usage = await getUsage(getDb(), workspace.id);
  const {
    computeUnits: cu,
    executables,
    functionUploads: uploads,
    plan,
    projection,
    rpcRequests: rpc,
  } = usage;
  const refuses = cu.onExhaustion === 'refuse';
  const lastDay = new Date(new Date(usage.cycle.end).getTime() - 86_400_000);
  const overProjected = cu.projected > cu.included;

  return (
    <>
      <PageHeader
        title="Usage"
        description={`Current Functions cycle: ${formatDate(usage.cycle.start)} – ${formatDate(lastDay)} (UTC).`}
        actions={
          <Badge variant="outline" className="px-2.5 py-1 text-sm">
            {plan.name} plan
          </Badge>
        }
      />
      <ComputeUnitsAlert
        slug={slug}
        planName={plan.name}
        used={cu.used}
        included={cu.included}
        refuses={refuses}
        cycleEnd={usage.cycle.end}
        onUsagePage
      />
      <div className="grid gap-4 md:grid-cols-3">
        <StatCard
          icon={Cpu}
          label="Compute units"
          value={formatNumber(cu.used)}
          suffix={`of ${formatNumber(cu.included)} included`}
          className="md:col-span-2"
        >
          <Progress value={cu.used} max={cu.included} />
          <p className="mt-2 text-muted-foreground text-xs">
            {percent(cu.used, cu.included)}% of the plan's monthly compute used ·{' '}
            {formatNumber(usage.executions)} executions this cycle
          </p>
          <p className="mt-1 text-muted-foreground text-xs" data-testid="usage-overage">
            {refuses
              ? `Past the included compute units the ${plan.name} plan refuses new runs until the cycle ends.`
              : `Overage (metered): ${formatNumber(cu.overage)} CU`}
          </p>
        </StatCard>
        <StatCard icon={CreditCard} label="Plan" value={plan.name} suffix={`$${plan.priceUsdPerMonth}/month`}>
          <p className="text-muted-foreground text-xs">
            {formatNumber(cu.included)} compute units and {executables.limit} executables per month.
          </p>
        </StatCard>
        <StatCard
          icon={TrendingUp}
          label="Projected by cycle end"
          value={formatNumber(cu.projected)}
          suffix="CU"
        >
          {overProjected ? (
            <Badge variant="warning">Above the included {formatNumber(cu.included)}</Badge>
          ) : (
            <Badge variant="success">Within the plan</Badge>
          )}
          <p className="mt-2 text-muted-foreground text-xs">
            {projection.scheduled.executables} active schedule
            {projection.scheduled.executables === 1 ? '' : 's'}: {formatNumber(projection.scheduled.runs)}{' '}
            runs left ≈ {formatNumber(projection.scheduled.computeUnits)} CU
            {!refuses &&
              cu.projectedOverage > 0 &&
              ` · projected overage ${formatNumber(cu.projectedOverage)} CU`}
          </p>
        </StatCard>
        <StatCard
          icon={Boxes}
          label="Executables"
          value={executables.used}
          suffix={`of ${executables.limit}`}
        >
          <Progress value={executables.used} max={executables.limit} />
        </StatCard>
        <StatCard
          icon={Upload}
          label="Function uploads"
          value={uploads.used}
          suffix={uploads.limit === null ? 'unlimited' : `of ${uploads.limit} this cycle`}
        >
          {uploads.limit === null ? (
            <p className="text-muted-foreground text-xs">No upload limit on the {plan.name} plan.</p>
          ) : (
            <Progress value={uploads.used} max={uploads.limit} />
          )}
        </StatCard>
        <StatCard icon={Network} label="RPC requests" value={formatNumber(rpc.total)} suffix="this cycle">
          <p className="text-muted-foreground text-xs" data-testid="usage-rpc">
            {formatNumber(rpc.free)} free ({rpc.freePerExecution} per execution) · {formatNumber(rpc.billed)}{' '}
            billed (10 = 1 CU)
          </p>
        </StatCard>
        <StatCard
          icon={Fuel}
          label="Gas credits"
          value={`$${usage.gasCredits.includedUsd}`}
          suffix="included per month"
        >
          <p className="text-muted-foreground text-xs">
            {plan.id === 'free'
              ? 'Testnets only, with free testnet gas.'
              : 'Testnet gas is free; mainnet gas beyond the credits is charged separately.'}
          </p>
        </StatCard>
      </div>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Daily compute units</CardTitle>
          <CardDescription>Compute spent by executions each day of the cycle.</CardDescription>
        </CardHeader>
        <CardContent>
          <UsageChart points={dailySeries(usage.cycle, usage.daily)} />
        </CardContent>
      </Card>
    </>
  );
}
