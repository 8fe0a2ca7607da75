import type { TaskLogLevel, TaskLogLine } from '../task-types';
import type { TaskLimits } from './limits';
import type { Sanitize } from './redact';

const LOG_LEVELS: readonly string[] = ['debug', 'info', 'warn', 'error'] satisfies TaskLogLevel[];

const levelOf = (level: string): TaskLogLevel =>
  LOG_LEVELS.includes(level) ? (level as TaskLogLevel) : 'info';

export type LogCollector = ReturnType<typeof logCollector>;

/** The run's log: sanitized lines up to the cap, and a count of the lines dropped past it. */
export function logCollector(limits: TaskLimits, sanitize: Sanitize) {
  const lines: TaskLogLine[] = [];
  let dropped = 0;
  return {
    /** The level and message come from the guest: an unknown level is logged as info. */
    append(level: string, message: string) {
      if (lines.length >= limits.maxLogLines) {
        dropped++;
        return;
      }
      lines.push({
        level: levelOf(level),
        message: sanitize(message, limits.maxLogMessageBytes),
        at: new Date().toISOString(),
      });
    },
    /** The lines, plus one saying how many were dropped past the cap. */
    lines(): TaskLogLine[] {
      if (dropped === 0) return lines;
      const note = `${dropped} more log line${dropped === 1 ? ' was' : 's were'} dropped (at most ${limits.maxLogLines} per run)`;
      return [...lines, { level: 'warn', message: note, at: new Date().toISOString() }];
    },
  };
}
