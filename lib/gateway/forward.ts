import { gatewayConfig } from './config';
import { capGasInBody, gasCapOf } from './gas-cap';
import {
  type ChainHealth,
  chainHealth,
  recordAttempt,
  type UpstreamState,
  type Upstreams,
  upstreamOrder,
} from './health';
import { postJson } from './upstream-client';

// Forwarding to a chain's upstreams: the best one first (lib/gateway/health.ts), the next on a transport
// error, a timeout, a 5xx, 408 or 429, or an answer that is not JSON. An answer (any JSON body with another
// status, JSON-RPC errors included) is final and passed through byte for byte: never retried. When every
// upstream failed, the last failure that came with a JSON body (a 429 with its JSON-RPC error) is passed on.

export type Forwarded =
  | { ok: true; status: number; body: Uint8Array; upstream: string; latencyMs: number }
  | { ok: false; attempts: number };

const RETRY_STATUSES = new Set([408, 429]);

/**
 * Node's own fetch: inside Next, `fetch` is wrapped for the data cache, which costs a millisecond or two per call
 * and caches nothing here (POSTs).
 */
export const rawFetch: typeof fetch = (input, init) =>
  ((globalThis.fetch as typeof fetch & { _nextOriginalFetch?: typeof fetch })._nextOriginalFetch ?? fetch)(
    input,
    init,
  );

const looksLikeJson = (body: Uint8Array) => {
  for (const byte of body) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7b || byte === 0x5b; // { or [
  }
  return false;
};

type Attempt = { answered: boolean; reply: Forwarded & { ok: true } } | null;

async function attempt(
  health: ChainHealth,
  upstream: UpstreamState,
  body: string | Uint8Array,
  timeoutMs: number,
): Promise<Attempt> {
  const started = performance.now();
  try {
    const response = await postJson(upstream.url, body, timeoutMs);
    const bytes = response.body;
    const latencyMs = performance.now() - started;
    const json = looksLikeJson(bytes);
    const answered = json && response.status < 500 && !RETRY_STATUSES.has(response.status);
    recordAttempt(health, upstream, answered, latencyMs);
    if (!json) return null;
    return {
      answered,
      reply: { ok: true, status: response.status, body: bytes, upstream: upstream.url, latencyMs },
    };
  } catch {
    // Connection refused or reset, DNS, timeout: the next upstream.
    recordAttempt(health, upstream, false, performance.now() - started);
    return null;
  }
}

/**
 * Sends a JSON-RPC body (single or batch) to the chain's upstreams until one answers: the one path of gateway
 * requests and task requests to a chain, so the gas cap (lib/gateway/gas-cap.ts) is applied here, before any
 * upstream sees the body. Each attempt has a deadline (TICKWORK_RPC_UPSTREAM_TIMEOUT_MS); one that hit it
 * counts as a failure in the chain's health.
 */
export async function forwardJsonRpc(chain: Upstreams, body: string | Uint8Array): Promise<Forwarded> {
  const health = chainHealth(chain);
  const { upstreamTimeoutMs } = gatewayConfig();
  const capped = capGasInBody(body, gasCapOf(chain.gasCap, health.blockGasLimit));
  const order = upstreamOrder(health);
  let lastJson: Forwarded | null = null;
  for (const upstream of order) {
    const outcome = await attempt(health, upstream, capped, upstreamTimeoutMs);
    if (outcome?.answered) return outcome.reply;
    if (outcome) lastJson = outcome.reply;
  }
  return lastJson ?? { ok: false, attempts: order.length };
}

/** One call through the same path (the poller, the task bridge): the parsed reply, or null when none came. */
export async function forwardCall(
  chain: Upstreams,
  method: string,
  params: unknown,
): Promise<{ result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } } | null> {
  const answer = await forwardJsonRpc(
    chain,
    JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  );
  if (!answer.ok) return null;
  try {
    const reply: unknown = JSON.parse(new TextDecoder().decode(answer.body));
    if (typeof reply === 'object' && reply !== null && ('error' in reply || 'result' in reply))
      return reply as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } };
  } catch {
    // Not JSON after all.
  }
  return null;
}
