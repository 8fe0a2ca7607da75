'use client';

import { RotateCcw, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './button';
import { Card } from './card';
import { EmptyState } from './empty-state';

/** An error boundary's card: what failed, the error's reference, a retry and any other way out (`actions`). */
export function ErrorCard({
  title,
  description,
  error,
  reset,
  actions,
}: {
  title: string;
  description: string;
  error: Error & { digest?: string };
  reset: () => void;
  actions?: ReactNode;
}) {
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title={title}
        description={
          <>
            {description}
            {error.digest && <span className="mt-2 block font-mono text-xs">Reference: {error.digest}</span>}
          </>
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={reset}>
              <RotateCcw />
              Try again
            </Button>
            {actions}
          </div>
        }
      />
    </Card>
  );
}
