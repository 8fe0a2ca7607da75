// The RPC gateway's knobs, read from the environment when used (docs/gateway.md lists them).

const num = (name: string, fallback: number, min = 0): number => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value >= min && process.env[name] !== '' ? value : fallback;
};

/** The path the app serves the gateway under (a separate host maps onto it through a reverse proxy). */
export const GATEWAY_PATH = '/rpc';

/**
 * `{rpc_url}`: `TICKWORK_RPC_URL` when set (another host or process, or a path behind a proxy), else
 * `{origin}/rpc` of the app. No trailing slash.
 */
export function gatewayBaseUrl(origin: string): string {
  const configured = process.env.TICKWORK_RPC_URL;
  return (configured || `${origin}${GATEWAY_PATH}`).replace(/\/+$/, '');
}

/** A chain's `endpoint`: host and path without the scheme; the execution URL is `{scheme}://{endpoint}/{KEY}`. */
export function chainEndpoint(baseUrl: string, network: string): string {
  return `${baseUrl.replace(/^[a-z]+:\/\//i, '')}/${encodeURIComponent(network)}`;
}

export const gatewayConfig = () => ({
  /** One upstream attempt's time limit; a timeout fails over to the next upstream. */
  upstreamTimeoutMs: num('TICKWORK_RPC_UPSTREAM_TIMEOUT_MS', 10_000, 1),
  /** Request body limit of the execution endpoint (413 above it). */
  maxBodyBytes: num('TICKWORK_RPC_MAX_BODY_BYTES', 1024 * 1024, 1),
  /** At most this many requests in one batch. */
  maxBatch: num('TICKWORK_RPC_MAX_BATCH', 100, 1),
  /** Token bucket per workspace (all its RPC keys together); 0 turns it off. */
  rateLimitPerMinute: Math.floor(num('TICKWORK_RPC_RATE_LIMIT_PER_MINUTE', 6_000)),
  /** How often the health poller reads each upstream. */
  healthIntervalMs: num('TICKWORK_RPC_HEALTH_INTERVAL_MS', 15_000, 100),
  /** The poller's state read (`eth_getBalance`) deadline: a node that misses it is taken for wedged. */
  healthStateReadTimeoutMs: num('TICKWORK_RPC_HEALTH_STATE_READ_TIMEOUT_MS', 2_000, 1),
  /** The recent-request window of the error ratio and the latency percentiles. */
  healthWindowMs: num('TICKWORK_RPC_HEALTH_WINDOW_MS', 5 * 60_000, 1),
  /** How long a looked-up RPC key is trusted without asking the database again (revocation bound). */
  keyCacheMs: num('TICKWORK_RPC_KEY_CACHE_MS', 10_000),
});

/** Displayed status turns degraded above this recent error ratio (spec: 2 %). */
export const DEGRADED_ERROR_RATIO = 0.02;
