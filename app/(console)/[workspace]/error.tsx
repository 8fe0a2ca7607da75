'use client';

// Error boundary of the console pages: the shell stays, the page offers a retry.
import { RotateCcw, TriangleAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <Card>
      <EmptyState
        icon={TriangleAlert}
        title="This page could not be loaded"
        description={
          <>
            Something went wrong on our side. Try again in a moment.
            {error.digest && <span className="mt-2 block font-mono text-xs">Reference: {error.digest}</span>}
          </>
        }
        action={
          <Button variant="outline" onClick={reset}>
            <RotateCcw />
            Try again
          </Button>
        }
      />
    </Card>
  );
}
