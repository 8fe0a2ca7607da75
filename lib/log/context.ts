import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while handling one request or one job carries (docs/observability.md). */
export type LogContext = {
  requestId?: string;
  /** The job event being run, e.g. `execution/requested`. */
  job?: string;
  executionId?: string;
  executableId?: string;
  profileId?: string;
  notificationId?: string;
};

const store = new AsyncLocalStorage<LogContext>();

/** Runs `fn` with `context` added to the current one: the logger stamps it on each line written inside. */
export function withLogContext<T>(context: LogContext, fn: () => T): T {
  return store.run({ ...store.getStore(), ...context }, fn);
}

/** The context of the code running now (empty outside a request or job). */
export const currentLogContext = (): LogContext => store.getStore() ?? {};
