'use client';

import { Loader2 } from 'lucide-react';
import { useLinkStatus } from 'next/link';
import type { ReactNode } from 'react';

/**
 * Inside a Link: `idle` (its icon), or a spinner while the page it leads to is loading, so a tab that takes a
 * moment says so at once where it was clicked.
 */
export function LinkPending({ idle }: { idle: ReactNode }) {
  const { pending } = useLinkStatus();
  if (!pending) return idle;
  return <Loader2 aria-hidden className="size-4 animate-spin text-primary" data-testid="link-pending" />;
}
