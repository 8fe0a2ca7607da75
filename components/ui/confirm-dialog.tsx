'use client';

import { Loader2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert } from './alert';
import { Button } from './button';
import { Dialog, DialogBody, DialogFooter } from './dialog';

/**
 * Asks before something destructive: the title names it, the description says what follows, `children` add
 * detail (or a field to type the name back: Enter confirms). `error` is the refusal of the last attempt. The
 * parent owns `open` and runs the action in `onConfirm`; the button spins while `pending`.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  error,
  confirmLabel,
  onConfirm,
  pending = false,
  disabled = false,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  error?: string | null;
  confirmLabel: string;
  onConfirm: () => void;
  pending?: boolean;
  /** Keeps the confirm button off (e.g. until the name is typed back). */
  disabled?: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={title} description={description}>
      <form
        className="text-left"
        onSubmit={(e) => {
          e.preventDefault();
          onConfirm();
        }}
      >
        <DialogBody>
          {children}
          {error && <Alert variant="destructive">{error}</Alert>}
        </DialogBody>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={pending || disabled}>
            {pending && <Loader2 className="animate-spin" />}
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
