import ivm from 'isolated-vm';
import { ChainRequestError, REQUESTS_REMAINING_METHOD, type TaskHost } from '../task-types';
import type { TaskLimits } from './limits';

/** Bridge answers cross as plain data (isolated-vm copies neither errors' own fields nor class instances). */
type ChainAnswer =
  | { ok: true; result: unknown }
  | { ok: false; code: number; message: string; data?: unknown };
type FetchAnswer =
  | { ok: true; response: Awaited<ReturnType<TaskHost['fetch']>> }
  | { ok: false; message: string };

export type RequestCounters = { rpcRequests: number; fetchRequests: number };

/** The data must survive isolated-vm's copy, so it goes through JSON; what JSON cannot hold is dropped. */
function jsonCopy(value: unknown): unknown {
  try {
    const json = JSON.stringify(value);
    return json === undefined ? undefined : JSON.parse(json);
  } catch {
    return undefined;
  }
}

function chainAnswerOf(error: unknown): ChainAnswer {
  if (error instanceof ChainRequestError) {
    const data = jsonCopy(error.data);
    return { ok: false, code: error.code, message: error.message, ...(data !== undefined && { data }) };
  }
  return { ok: false, code: -32603, message: 'the chain request failed' };
}

/** The references the guest reaches the host through: log lines, chain requests and fetches, each counted. */
export function hostBridges(
  host: TaskHost,
  limits: TaskLimits,
  counters: RequestCounters,
  log: (level: string, message: string) => void,
) {
  const chain = async (method: unknown, params: unknown): Promise<ChainAnswer> => {
    if (method === REQUESTS_REMAINING_METHOD)
      return { ok: true, result: Math.max(0, limits.maxRpcRequests - counters.rpcRequests) };
    if (counters.rpcRequests >= limits.maxRpcRequests)
      return { ok: false, code: -32005, message: 'request limit reached' };
    counters.rpcRequests++;
    try {
      return { ok: true, result: await host.chainRequest(String(method), params) };
    } catch (error) {
      return chainAnswerOf(error);
    }
  };
  const fetch = async (url: unknown, init: unknown): Promise<FetchAnswer> => {
    if (counters.fetchRequests >= limits.maxFetchRequests)
      return { ok: false, message: `fetch limit reached (at most ${limits.maxFetchRequests} per run)` };
    counters.fetchRequests++;
    try {
      return {
        ok: true,
        response: await host.fetch(String(url), (init ?? {}) as Parameters<TaskHost['fetch']>[1]),
      };
    } catch (error) {
      return { ok: false, message: error instanceof Error ? error.message : 'fetch failed' };
    }
  };
  return {
    log: new ivm.Reference((level: unknown, message: unknown) => log(String(level), String(message))),
    chain: new ivm.Reference(chain),
    fetch: new ivm.Reference(fetch),
  };
}
