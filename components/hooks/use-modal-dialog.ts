'use client';

import { useEffect, useRef } from 'react';

/** A ref for a native `<dialog>` shown as a modal while `open` (focus trap, Escape, top layer from the browser). */
export function useModalDialog(open: boolean) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return ref;
}
