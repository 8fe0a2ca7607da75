import { cn } from '@/lib/cn';
import type { listExecutionLogs } from '@/lib/executions/queries';

type LogLine = Awaited<ReturnType<typeof listExecutionLogs>>[number];

const LEVEL: Record<string, string> = {
  debug: 'text-muted-foreground',
  info: 'text-sky-600 dark:text-sky-400',
  warn: 'text-amber-600 dark:text-amber-400',
  error: 'text-destructive',
};

/** "14:05:09.412": the UTC time of day, to the millisecond. */
const clock = (iso: string) => new Date(iso).toISOString().slice(11, 23);

/** The callback that wrote a line (its logs join the execution's with `data: { callback }`), or null. */
const callbackOf = (data: unknown): string | null =>
  typeof data === 'object' && data !== null && typeof (data as { callback?: unknown }).callback === 'string'
    ? (data as { callback: string }).callback
    : null;

/**
 * The task's log lines in order: time, level (colored) and message, with any structured data below. Lines a
 * callback wrote are tagged with its name.
 */
export function ExecutionLogs({ logs }: { logs: LogLine[] }) {
  return (
    <ol
      className="max-h-[32rem] overflow-auto py-2 font-mono text-xs leading-relaxed"
      data-testid="execution-logs"
    >
      {logs.map((line) => (
        <li
          key={line.seq}
          data-testid="execution-log"
          data-level={line.level}
          className={cn(
            'grid grid-cols-[auto_3.5rem_minmax(0,1fr)] gap-3 px-6 py-0.5 hover:bg-muted/50',
            line.level === 'error' && 'bg-destructive/5',
            line.level === 'warn' && 'bg-warning/8',
          )}
        >
          <time dateTime={line.at} title={`${line.at}`} className="text-muted-foreground tabular-nums">
            {clock(line.at)}
          </time>
          <span className={cn('font-semibold uppercase', LEVEL[line.level] ?? LEVEL.debug)}>
            {line.level}
          </span>
          <span className="whitespace-pre-wrap break-words">
            {callbackOf(line.data) && (
              <span
                className="mr-2 rounded bg-muted px-1 text-muted-foreground"
                data-testid="execution-log-callback"
              >
                {callbackOf(line.data)}
              </span>
            )}
            {line.message}
            {line.data != null && !callbackOf(line.data) && (
              <span className="block text-muted-foreground">{JSON.stringify(line.data)}</span>
            )}
          </span>
        </li>
      ))}
    </ol>
  );
}
