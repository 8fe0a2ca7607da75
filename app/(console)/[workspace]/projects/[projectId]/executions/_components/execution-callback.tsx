import { Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { formatDuration, formatUtc } from '@/lib/console/format';
import type { Execution } from './model';

type Callback = NonNullable<Execution['callback']>;

const VARIANT = {
  pending: 'secondary',
  running: 'default',
  succeeded: 'success',
  failed: 'destructive',
} as const satisfies Record<Callback['status'], string>;

const WHEN: Record<Callback['name'], string> = {
  onSuccess: 'Ran after the transaction was confirmed.',
  onFail: 'Ran after the execution failed (simulation, revert on chain or lack of funds).',
};

/** Whether the callback may still change (the page keeps refreshing meanwhile). */
export const callbackUnfinished = (callback: Execution['callback']) =>
  callback?.status === 'pending' || callback?.status === 'running';

/**
 * The release's callback that followed the outcome: its name, status, duration and error. It never changes the
 * execution's own status; its log lines are in the logs, tagged with its name.
 */
export function ExecutionCallback({ callback }: { callback: Callback }) {
  const unfinished = callbackUnfinished(callback);
  return (
    <Card data-testid="execution-callback">
      <CardHeader className={callback.error ? undefined : 'pb-5'}>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Callback <code className="font-mono text-sm">{callback.name}</code>
          <Badge
            variant={VARIANT[callback.status]}
            data-testid="execution-callback-status"
            data-status={callback.status}
          >
            {unfinished && <Loader2 className="animate-spin" aria-hidden />}
            {callback.status}
          </Badge>
        </CardTitle>
        <CardDescription>
          {WHEN[callback.name]}
          {callback.durationMs !== null && !unfinished && <> Took {formatDuration(callback.durationMs)}</>}
          {callback.finishedAt && <>, finished {formatUtc(callback.finishedAt)}</>}
          {!unfinished && '.'}
        </CardDescription>
      </CardHeader>
      {callback.error && (
        <CardContent>
          <Alert variant="destructive" title={callback.error.code}>
            <span data-testid="execution-callback-error">{callback.error.message}</span>
          </Alert>
        </CardContent>
      )}
    </Card>
  );
}
