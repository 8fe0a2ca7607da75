'use client';

import { Menu } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Sheet } from '@/components/ui/sheet';

/**
 * Below the `lg` breakpoint, where the sidebar is hidden: a menu button that opens `children` (the sidebar) in a
 * sheet, closed again once a link in it is followed.
 */
export function MobileNav({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-label="Open navigation"
        aria-expanded={open}
        onClick={() => setOpen(true)}
        className="-ml-1.5 rounded-md p-1.5 text-sidebar-muted transition-colors hover:bg-sidebar-accent hover:text-white"
      >
        <Menu className="size-5" />
      </button>
      <Sheet
        open={open}
        onOpenChange={setOpen}
        label="Navigation"
        className="border-sidebar-border bg-sidebar text-sidebar-foreground"
      >
        {/* biome-ignore lint/a11y/noStaticElementInteractions: only listens for clicks on the links inside */}
        {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links have their own keyboard handling */}
        <div
          className="flex min-h-0 flex-1 flex-col overflow-y-auto"
          onClick={(e) => {
            if ((e.target as Element).closest('a[href]')) setOpen(false);
          }}
        >
          {children}
        </div>
      </Sheet>
    </>
  );
}
