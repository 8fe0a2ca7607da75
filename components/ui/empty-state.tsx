import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

export function EmptyState({
  icon: Icon,
  title,
  description,
  action,
  className,
}: {
  icon: LucideIcon;
  title: string;
  description: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn('flex flex-col items-center justify-center px-6 py-14 text-center', className)}>
      <div className="mb-4 flex size-12 items-center justify-center rounded-xl border bg-gradient-to-b from-card to-muted shadow-xs">
        <Icon className="size-5 text-muted-foreground" />
      </div>
      <h3 className="font-semibold text-[15px]">{title}</h3>
      <p className="mt-1 max-w-sm text-muted-foreground text-sm">{description}</p>
      {action && <div className="mt-5">{action}</div>}
    </div>
  );
}
