'use client';

import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { useModalDialog } from '@/components/hooks/use-modal-dialog';
import { cn } from '@/lib/cn';

/**
 * A panel over the page along its left edge, on the native `<dialog>` like Dialog. Controlled: the parent owns
 * `open`; Escape, the close button and a tap beside the panel close it.
 */
export function Sheet({
  open,
  onOpenChange,
  label,
  children,
  className,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  label: string;
  children: ReactNode;
  className?: string;
}) {
  const modal = useModalDialog(open, onOpenChange);
  return (
    <dialog
      {...modal}
      aria-label={label}
      className={cn(
        'm-0 h-dvh max-h-none w-72 max-w-[85vw] border-r p-0 shadow-2xl backdrop:bg-black/50',
        className,
      )}
    >
      {open && (
        <div className="relative flex h-full flex-col">
          <button
            type="button"
            aria-label="Close"
            onClick={() => onOpenChange(false)}
            className="absolute top-4 right-3 rounded-md p-1.5 opacity-70 transition-opacity hover:opacity-100"
          >
            <X className="size-4" />
          </button>
          {children}
        </div>
      )}
    </dialog>
  );
}
