import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Label } from './label';

/**
 * Label, control, hint and error of one form field. The hint or error has the id `${htmlFor}-note`, for the
 * control's `aria-describedby`; `required` marks the label.
 */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  required,
  className,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  required?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('grid gap-2', className)}>
      <Label htmlFor={htmlFor}>
        {label}
        {required && <RequiredMark />}
      </Label>
      {children}
      {error ? (
        <p id={`${htmlFor}-note`} className="text-destructive text-xs" role="alert">
          {error}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-note`} className="text-muted-foreground text-xs">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The mark of a required field's label (the control itself carries `required` or `aria-required`). */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="-ml-1.5 text-destructive">
      *
    </span>
  );
}
