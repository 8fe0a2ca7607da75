'use client';

// Error boundary of the public Safe pages: the brand bar stays, the page offers a retry and the way back.
import { RotateCcw, TriangleAlert } from 'lucide-react';
import Link from 'next/link';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

export default function SafePageError({
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
        title="This Safe transaction could not be loaded"
        description={
          <>
            Something went wrong on our side; nothing was signed or sent. Try again in a moment.
            {error.digest && <span className="mt-2 block font-mono text-xs">Reference: {error.digest}</span>}
          </>
        }
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <Button variant="outline" onClick={reset}>
              <RotateCcw />
              Try again
            </Button>
            <Link href="/" className={buttonVariants({ variant: 'ghost' })}>
              Back to the console
            </Link>
          </div>
        }
      />
    </Card>
  );
}
