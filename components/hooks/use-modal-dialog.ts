'use client';

import { type MouseEvent, useEffect, useRef } from 'react';

/**
 * The props of a native `<dialog>` shown as a modal while `open` (focus trap, Escape, top layer from the browser):
 * its ref, and closing through `onOpenChange(false)` on Escape and on a press of the backdrop.
 */
export function useModalDialog(open: boolean, onOpenChange: (open: boolean) => void) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return {
    ref,
    onClose: () => onOpenChange(false),
    onMouseDown: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) onOpenChange(false);
    },
  };
}
