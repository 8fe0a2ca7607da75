import pino from 'pino';
import { currentLogContext } from './context';
import { describeError } from './errors';

/**
 * The one logger. Redacts anything that could carry a credential or a secret value, and logs errors (`err`)
 * through `describeError`: class, bounded message, database diagnostics, stack frames; never query parameters.
 * Each line carries the request or job it was written for (`withLogContext`).
 */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: undefined,
  // the request id or the job and its execution (lib/log/context.ts) on every line
  mixin: currentLogContext,
  serializers: { err: describeError },
  redact: {
    paths: [
      'authorization',
      'token',
      'value',
      'secret',
      'privateKey',
      '*.authorization',
      '*.token',
      '*.value',
    ],
    censor: '[redacted]',
  },
});
