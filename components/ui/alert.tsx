import { cva, type VariantProps } from 'class-variance-authority';
import { AlertTriangle, CircleAlert, Info } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

const alertVariants = cva(
  'flex gap-3 rounded-lg border px-4 py-3 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0',
  {
    variants: {
      variant: {
        info: 'border-primary/20 bg-accent text-accent-foreground',
        warning: 'border-warning/40 bg-warning/10 text-[oklch(0.42_0.1_65)]',
        destructive: 'border-destructive/30 bg-destructive/5 text-destructive',
      },
    },
    defaultVariants: { variant: 'info' },
  },
);

const ICONS = { info: Info, warning: AlertTriangle, destructive: CircleAlert };

export function Alert({
  variant,
  title,
  children,
  className,
}: VariantProps<typeof alertVariants> & { title?: string; children?: ReactNode; className?: string }) {
  const Icon = ICONS[variant ?? 'info'];
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(alertVariants({ variant }), className)}
    >
      <Icon />
      <div className="grid min-w-0 grid-cols-1 gap-0.5">
        {title && <p className="font-medium">{title}</p>}
        {children && <div className={cn(title && 'opacity-90')}>{children}</div>}
      </div>
    </div>
  );
}
