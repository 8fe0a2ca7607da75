import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { formatNumber } from '@/lib/console/format';
import type { getUsage } from '@/lib/usage/service';

type Usage = Awaited<ReturnType<typeof getUsage>>;

function Meter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  return (
    <div data-testid={`usage-${label.toLowerCase().replaceAll(' ', '-')}`}>
      <div className="flex items-baseline justify-between gap-2 text-sm">
        <span className="text-muted-foreground">{label}</span>
        <span className="tabular-nums">
          {formatNumber(used)} {limit === null ? '(unlimited)' : `of ${formatNumber(limit)}`}
        </span>
      </div>
      {limit !== null && <Progress className="mt-2" value={used} max={limit} />}
    </div>
  );
}

/** This cycle's usage against the current plan's limits. */
export function CurrentUsage({ usage }: { usage: Usage }) {
  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle>{usage.plan.name} plan</CardTitle>
        <CardDescription>
          ${usage.plan.priceUsdPerMonth} a month. Usage this cycle against the plan’s limits.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5 md:grid-cols-3">
        <Meter label="Compute units" used={usage.computeUnits.used} limit={usage.computeUnits.included} />
        <Meter label="Executables" used={usage.executables.used} limit={usage.executables.limit} />
        <Meter
          label="Function uploads"
          used={usage.functionUploads.used}
          limit={usage.functionUploads.limit}
        />
      </CardContent>
    </Card>
  );
}
