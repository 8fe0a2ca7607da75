import { cn } from '@/lib/cn';
import type { Execution } from './model';

/** The task's message, or the error as `code: message`; clipped to two lines, the whole text on hover. */
export function ExecutionOutcome({ execution }: { execution: Pick<Execution, 'message' | 'error'> }) {
  const { error, message } = execution;
  if (!error && !message) return <span className="text-muted-foreground">—</span>;
  return (
    <span
      className={cn('line-clamp-2 min-w-40 max-w-xs text-sm', error && 'text-destructive')}
      title={error ? `${error.code}: ${error.message}` : (message ?? undefined)}
      data-testid="execution-outcome"
    >
      {error ? (
        <>
          <code className="font-mono text-xs">{error.code}</code>: {error.message}
        </>
      ) : (
        message
      )}
    </span>
  );
}
