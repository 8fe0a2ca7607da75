import { type ReactNode, Suspense } from 'react';
import { cn } from '@/lib/cn';

/** A section streamed in once its reads are done; the rest of the page shows meanwhile. */
export function Deferred({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <Suspense
      fallback={
        <div
          role="status"
          aria-busy="true"
          aria-label="Loading"
          className={cn('h-40 animate-pulse rounded-xl border bg-card', className)}
        />
      }
    >
      {children}
    </Suspense>
  );
}
