import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export function Label({ className, htmlFor, ...props }: ComponentProps<'label'>) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: a generic primitive; callers pass htmlFor or wrap the control
    <label
      htmlFor={htmlFor}
      className={cn('flex select-none items-center gap-2 font-medium text-sm leading-none', className)}
      {...props}
    />
  );
}
