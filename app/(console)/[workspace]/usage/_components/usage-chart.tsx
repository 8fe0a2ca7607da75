'use client';

import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatCompact, formatNumber } from '@/lib/console/format';
import type { DailyPoint } from './daily-series';

const dayLabel = (day: string) =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });

function ChartTooltip({ active, payload }: { active?: boolean; payload?: { payload: DailyPoint }[] }) {
  const point = payload?.[0]?.payload;
  if (!active || !point || point.computeUnits === null) return null;
  return (
    <div className="rounded-lg border bg-popover px-3 py-2 text-sm shadow-lg">
      <p className="text-muted-foreground text-xs">{dayLabel(point.day)}</p>
      <p className="font-medium tabular-nums">{formatNumber(point.computeUnits)} CU</p>
    </div>
  );
}

/** Daily compute units over the billing cycle; an empty cycle still draws its axes with a note on top. */
export function UsageChart({ points }: { points: DailyPoint[] }) {
  const empty = points.every((p) => !p.computeUnits);
  return (
    <div className="relative h-72 w-full" data-testid="usage-chart">
      <ResponsiveContainer width="100%" height="100%">
        <AreaChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
          <defs>
            <linearGradient id="cu-fill" x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor="var(--color-primary)" stopOpacity={0.28} />
              <stop offset="100%" stopColor="var(--color-primary)" stopOpacity={0} />
            </linearGradient>
          </defs>
          <CartesianGrid vertical={false} stroke="var(--color-border)" strokeDasharray="3 3" />
          <XAxis
            dataKey="day"
            tickFormatter={dayLabel}
            tickLine={false}
            axisLine={false}
            minTickGap={24}
            tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          />
          <YAxis
            width={44}
            tickLine={false}
            axisLine={false}
            allowDecimals={false}
            domain={[0, empty ? 100 : 'auto']}
            tickFormatter={formatCompact}
            tick={{ fontSize: 12, fill: 'var(--color-muted-foreground)' }}
          />
          <Tooltip content={<ChartTooltip />} cursor={{ stroke: 'var(--color-border)' }} />
          <Area
            type="monotone"
            dataKey="computeUnits"
            stroke="var(--color-primary)"
            strokeWidth={2}
            fill="url(#cu-fill)"
            connectNulls={false}
            isAnimationActive={false}
          />
        </AreaChart>
      </ResponsiveContainer>
      {empty && (
        <div className="pointer-events-none absolute inset-0 flex items-center justify-center">
          <div className="rounded-lg border bg-card/90 px-4 py-2.5 text-center shadow-sm backdrop-blur">
            <p className="font-medium text-sm">No compute used yet this cycle</p>
            <p className="text-muted-foreground text-xs">
              Runs of your executables will show up here day by day.
            </p>
          </div>
        </div>
      )}
    </div>
  );
}
