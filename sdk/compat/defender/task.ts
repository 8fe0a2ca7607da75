import { defineTask, type Task, type TaskContext, type TaskResult } from '../../index';
import { closeRun, openRun } from './run';

type Handler = (event: DefenderEvent) => unknown;

/** What a Defender action's `handler(event)` gets (the Autotask field names and the Actions ones). */
export type DefenderEvent = {
  actionId: string;
  actionName: string;
  actionRunId: string;
  autotaskId: string;
  autotaskName: string;
  autotaskRunId: string;
  credentials: string;
  relayerARN: string;
  kvstoreARN: string;
  secrets: Record<string, string>;
  request: { body: unknown; queryParameters: Record<string, string>; headers: Record<string, string> };
};

export const NO_TRANSACTIONS = 'the action sent no transactions';

/** The handler of the action's module namespace: `exports.handler`, `module.exports = { handler }` or ESM. */
function handlerOf(namespace: Record<string, unknown>): Handler {
  const fromDefault = namespace.default as { handler?: unknown } | undefined;
  const handler = namespace.handler ?? (typeof fromDefault === 'object' ? fromDefault?.handler : undefined);
  if (typeof handler !== 'function') throw new TypeError('the Defender action exports no handler function');
  return handler as Handler;
}

export function eventFor(
  ctx: TaskContext,
  name: string,
  credentials: string,
  secrets: Record<string, string>,
) {
  const { id, executableId } = ctx.execution;
  return {
    actionId: executableId,
    actionName: name,
    actionRunId: id,
    autotaskId: executableId,
    autotaskName: name,
    autotaskRunId: id,
    credentials,
    relayerARN: `tickwork:relayer:${executableId}`,
    kvstoreARN: `tickwork:kvstore:${executableId}`,
    secrets,
    request: { body: ctx.args, queryParameters: {}, headers: {} },
  } satisfies DefenderEvent;
}

/**
 * What the handler returned, as the execution's message: a string as it is; any other value (an object, a
 * number…) as its JSON, which is how Defender answered it to a webhook (bigints as decimal strings); nothing for
 * undefined and null, or a value JSON cannot hold.
 */
function messageOf(returned: unknown): string | undefined {
  if (typeof returned === 'string') return returned;
  if (returned === undefined || returned === null || typeof returned === 'function') return undefined;
  try {
    return JSON.stringify(returned, (_key, value) => (typeof value === 'bigint' ? value.toString() : value));
  } catch {
    return undefined;
  }
}

/**
 * A Defender action as a Tickwork task: runs `handler(event)`; the transactions its relayer collected become
 * the calls (what the handler returns is not a call list: it becomes the message, see messageOf). No
 * transaction: the run skips.
 */
export function defenderTask(namespace: Record<string, unknown>, name: string): Task {
  const handler = handlerOf(namespace);
  return defineTask({
    run: async (ctx): Promise<TaskResult> => {
      const run = openRun(ctx);
      try {
        const returned = await handler(eventFor(ctx, name, run.credentials, await ctx.secrets.getAll()));
        const message = messageOf(returned);
        if (run.calls.length === 0) return { canExec: false, message: message ?? NO_TRANSACTIONS };
        return { canExec: true, calls: [...run.calls], ...(message !== undefined && { message }) };
      } finally {
        closeRun(run);
      }
    },
  });
}
