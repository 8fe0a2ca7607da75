import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';

export function StatCard({
  icon: Icon,
  label,
  value,
  suffix,
  children,
  className,
}: {
  icon: LucideIcon;
  label: string;
  value: ReactNode;
  suffix?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  return (
    <Card className={cn('flex flex-col p-5', className)}>
      <div className="flex items-center gap-2 text-muted-foreground text-sm">
        <Icon className="size-4" />
        {label}
      </div>
      <div className="mt-3 flex items-baseline gap-1.5">
        <span className="font-semibold text-3xl tabular-nums tracking-tight">{value}</span>
        {suffix && <span className="text-muted-foreground text-sm">{suffix}</span>}
      </div>
      {children && <div className="mt-auto pt-4">{children}</div>}
    </Card>
  );
}
