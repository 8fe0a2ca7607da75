import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { formatNumber } from '@/lib/console/format';
import type { Plan } from '@/lib/usage/plans';

const limit = (n: number | null, unit: string) =>
  n === null ? `Unlimited ${unit}` : `${formatNumber(n)} ${unit}`;

/** What a plan includes, as the plans table in lib/usage/plans.ts says. */
function features(plan: Plan): { label: string; included: boolean }[] {
  return [
    { label: `${formatNumber(plan.computeUnitsPerMonth)} compute units a month`, included: true },
    { label: limit(plan.executables, 'executables'), included: true },
    { label: `${limit(plan.functionUploadsPerCycle, 'function uploads')} per cycle`, included: true },
    { label: plan.mainnet ? 'Mainnets and testnets' : 'Testnets only', included: plan.mainnet },
    {
      label: plan.freeRpcRequestsPerExecution
        ? `${plan.freeRpcRequestsPerExecution} free RPC requests per execution`
        : 'No free RPC requests',
      included: plan.freeRpcRequestsPerExecution > 0,
    },
    {
      label: plan.gasCreditsUsd ? `$${plan.gasCreditsUsd} gas credits a month` : 'No gas credits',
      included: plan.gasCreditsUsd > 0,
    },
  ];
}

export function PlanCard({ plan, current, action }: { plan: Plan; current: boolean; action?: ReactNode }) {
  return (
    <Card
      data-testid={`plan-${plan.id}`}
      className={cn('flex flex-col p-5', current && 'border-indigo-600 ring-1 ring-indigo-600')}
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="font-semibold text-lg">{plan.name}</h3>
        {current && <Badge>Current plan</Badge>}
      </div>
      <p className="mt-2">
        <span className="font-semibold text-3xl tabular-nums tracking-tight">${plan.priceUsdPerMonth}</span>
        <span className="text-muted-foreground text-sm"> / month</span>
      </p>
      <ul className="mt-4 mb-5 grid gap-2 text-sm">
        {features(plan).map((f) => (
          <li key={f.label} className={cn('flex items-start gap-2', !f.included && 'text-muted-foreground')}>
            {f.included ? (
              <Check className="mt-0.5 size-4 shrink-0 text-indigo-600" />
            ) : (
              <X className="mt-0.5 size-4 shrink-0" />
            )}
            {f.label}
          </li>
        ))}
      </ul>
      <div className="mt-auto">{action}</div>
    </Card>
  );
}
