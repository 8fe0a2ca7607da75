import pino from 'pino';

/** The one logger. Redacts anything that could carry a credential or a secret value. */
export const log = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'warn' : 'info'),
  base: undefined,
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
