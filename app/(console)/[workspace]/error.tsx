'use client';

// Error boundary of the console pages: the shell stays, the page offers a retry.
import { ErrorCard } from '@/components/ui/error-card';

export default function ConsoleError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <ErrorCard
      title="This page could not be loaded"
      description="Something went wrong on our side. Try again in a moment."
      error={error}
      reset={reset}
    />
  );
}
