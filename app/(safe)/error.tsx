'use client';

// Error boundary of the public Safe pages: the brand bar stays, the page offers a retry and the way back.
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { ErrorCard } from '@/components/ui/error-card';

export default function SafePageError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <ErrorCard
      title="This Safe transaction could not be loaded"
      description="Something went wrong on our side; nothing was signed or sent. Try again in a moment."
      error={error}
      reset={reset}
      actions={
        <Link href="/" className={buttonVariants({ variant: 'ghost' })}>
          Back to the console
        </Link>
      }
    />
  );
}
