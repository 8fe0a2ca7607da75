'use client';

import { Loader2, X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useModalDialog } from '@/components/hooks/use-modal-dialog';
import { cn } from '@/lib/cn';
import { Button } from './button';

/**
 * A modal on the native `<dialog>`: focus trap, Escape and top-layer stacking come from the browser.
 * Controlled: the parent owns `open`.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  const modal = useModalDialog(open, onOpenChange);

  return (
    <dialog
      {...modal}
      className={cn(
        'm-auto w-[calc(100%-2rem)] max-w-lg whitespace-normal rounded-xl border bg-card p-0 text-left text-card-foreground shadow-2xl',
        className,
      )}
    >
      {open && (
        <div className="flex flex-col">
          <div className="flex items-start justify-between gap-4 px-6 pt-5 pb-1">
            <div className="grid gap-1">
              <h2 className="font-semibold text-lg leading-tight tracking-tight">{title}</h2>
              {description && <p className="text-muted-foreground text-sm">{description}</p>}
            </div>
            <button
              type="button"
              aria-label="Close"
              onClick={() => onOpenChange(false)}
              className="-mr-2 rounded-md p-1.5 text-muted-foreground transition-colors hover:bg-muted hover:text-foreground"
            >
              <X className="size-4" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

export function DialogBody({ className, ...props }: ComponentProps<'div'>) {
  return <div className={cn('grid gap-5 px-6 py-4', className)} {...props} />;
}

export function DialogFooter({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      className={cn('flex justify-end gap-2 rounded-b-xl border-t bg-muted/40 px-6 py-3', className)}
      {...props}
    />
  );
}

/** The footer of a form dialog: Cancel, and the submit button with a spinner while the action runs. */
export function FormDialogFooter({
  onCancel,
  pending,
  disabled = false,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <DialogFooter>
      <Button variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending || disabled}>
        {pending && <Loader2 className="animate-spin" />}
        {children}
      </Button>
    </DialogFooter>
  );
}
