import type { ChainConfig } from '@/lib/chains/config';
import { DEGRADED_ERROR_RATIO, gatewayConfig } from './config';
import { headExpectation, headStallReason } from './head-stall';

// Per chain and per app process, in memory: the outcome of every upstream attempt (proxied requests, task
// requests and health polls) over the last TICKWORK_RPC_HEALTH_WINDOW_MS (5 min), and what the poller last
// read from each upstream. A restart starts the window empty; every instance judges from its own traffic.

export type UpstreamState = {
  url: string;
  /** Smoothed latency of its successful answers (ms); null until one. */
  ewmaMs: number | null;
  /** Failures since its last success; with `lastFailureAt`, it is passed over for a while. */
  failures: number;
  lastFailureAt: number;
  /** The last poll: `eth_syncing` was not false, the latest block's number and timestamp (s). */
  syncing: boolean | null;
  blockNumber: bigint | null;
  blockTimestamp: number | null;
  polledAt: number | null;
  /** The last poll's state read (`eth_getBalance`) answered within its deadline; null before one. */
  stateReadOk: boolean | null;
};

type Sample = { at: number; ms: number; ok: boolean };

export type ChainHealth = {
  key: string;
  upstreams: UpstreamState[];
  samples: Sample[];
  polledAt: number | null;
  /** The latest polled block's gas limit: the default gas cap (lib/gateway/gas-cap.ts) is at most this. */
  blockGasLimit: bigint | null;
};

const MAX_SAMPLES = 20_000;
/** A failed upstream is tried last for this long after its last failure. */
const COOL_DOWN_MS = 30_000;

const state = globalThis as unknown as { tickworkGatewayHealth?: Map<string, ChainHealth> };

/** What forwarding needs of a chain: its upstreams (and its gas cap when configured). Health is kept per upstream list. */
export type Upstreams = Pick<ChainConfig, 'rpcUrl' | 'rpcUrls' | 'gasCap'>;

const upstreamUrls = (chain: Upstreams): string[] => [...new Set([chain.rpcUrl, ...(chain.rpcUrls ?? [])])];

/** The chain's health record (one per upstream list). */
export function chainHealth(chain: Upstreams): ChainHealth {
  state.tickworkGatewayHealth ??= new Map();
  const urls = upstreamUrls(chain);
  const key = urls.join(' ');
  let health = state.tickworkGatewayHealth.get(key);
  if (!health) {
    health = {
      key,
      samples: [],
      polledAt: null,
      blockGasLimit: null,
      upstreams: urls.map((url) => ({
        url,
        ewmaMs: null,
        failures: 0,
        lastFailureAt: 0,
        syncing: null,
        blockNumber: null,
        blockTimestamp: null,
        polledAt: null,
        stateReadOk: null,
      })),
    };
    state.tickworkGatewayHealth.set(key, health);
  }
  return health;
}

/** Forgets every chain's health (tests). */
export const resetGatewayHealth = () => state.tickworkGatewayHealth?.clear();

/**
 * Healthy first (no failure in the cool-down, and its last state read answered), synced before syncing, then the lowest recent latency; an
 * upstream not measured yet goes after the measured ones (the poller measures every upstream), and equals keep
 * the configured order.
 */
export function upstreamOrder(health: ChainHealth, now = Date.now()): UpstreamState[] {
  const rank = (u: UpstreamState) => [
    (u.failures > 0 && now - u.lastFailureAt < COOL_DOWN_MS) || u.stateReadOk === false ? 1 : 0,
    u.syncing ? 1 : 0,
    u.ewmaMs ?? 1e9,
  ];
  return [...health.upstreams].sort((a, b) => {
    const [ra, rb] = [rank(a), rank(b)];
    return ra[0] - rb[0] || ra[1] - rb[1] || ra[2] - rb[2];
  });
}

/** One upstream attempt's outcome, into the chain's window and the upstream's standing. */
export function recordAttempt(health: ChainHealth, upstream: UpstreamState, ok: boolean, ms: number) {
  const now = Date.now();
  health.samples.push({ at: now, ms, ok });
  if (health.samples.length > MAX_SAMPLES) health.samples.splice(0, health.samples.length - MAX_SAMPLES);
  if (ok) {
    upstream.failures = 0;
    upstream.ewmaMs = upstream.ewmaMs === null ? ms : upstream.ewmaMs * 0.8 + ms * 0.2;
  } else {
    upstream.failures += 1;
    upstream.lastFailureAt = now;
  }
}

export type ChainStatus = {
  status: 'operational' | 'degraded' | 'syncing';
  statusReason: string;
  blockNumber: number | null;
  /** Seconds since the latest block's timestamp, when polled. */
  blockAgeSeconds: number | null;
  syncing: boolean;
  /** Failed upstream attempts / all attempts in the window (0 when there were none). */
  errorRatio: number;
  requests: number;
  latencyP50Ms: number | null;
  latencyP95Ms: number | null;
  polledAt: string | null;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** What the displayed status reads of a chain: its upstreams and its head expectation. */
export type ChainHealthSubject = Upstreams & Pick<ChainConfig, 'chainId' | 'health'>;

/** Why the chain's node looks wedged: some upstream's last state read got no answer in time (null if none). */
function stateReadReason(polled: UpstreamState[]): string | null {
  const read = polled.filter((u) => u.stateReadOk !== null);
  const failed = read.filter((u) => u.stateReadOk === false).length;
  if (failed === 0) return null;
  const seconds = gatewayConfig().healthStateReadTimeoutMs / 1000;
  return `${failed} of ${read.length} upstreams did not answer a state read (eth_getBalance) within ${seconds} s: the node answers its head but not state.`;
}

/**
 * The displayed status (spec, plus two rules that see a wedged node): syncing when no upstream that answered
 * the last poll is synced; otherwise degraded when an upstream's last state read got no answer within its
 * deadline, when the head has not moved for longer than the chain's block time allows (lib/gateway/head-stall.ts;
 * never for a chain that mines on demand), or when the window's error ratio is above 2 %; otherwise operational.
 * `statusReason` names every rule that degrades it.
 */
export function chainStatus(chain: ChainHealthSubject, now = Date.now()): ChainStatus {
  const health = chainHealth(chain);
  const since = now - gatewayConfig().healthWindowMs;
  const first = health.samples.findIndex((s) => s.at >= since);
  if (first !== 0) health.samples.splice(0, first === -1 ? health.samples.length : first);
  const samples = health.samples;
  const errors = samples.filter((s) => !s.ok).length;
  const errorRatio = samples.length === 0 ? 0 : errors / samples.length;
  const latencies = samples
    .filter((s) => s.ok)
    .map((s) => s.ms)
    .sort((a, b) => a - b);
  const polled = health.upstreams.filter((u) => u.syncing !== null);
  const syncing = polled.length > 0 && polled.every((u) => u.syncing);
  const best = polled
    .filter((u) => u.blockNumber !== null)
    .sort((a, b) => Number((b.blockNumber ?? 0n) - (a.blockNumber ?? 0n)))[0];
  const blockNumber = best?.blockNumber != null ? Number(best.blockNumber) : null;
  const blockAgeSeconds =
    best?.blockTimestamp != null ? Math.max(0, Math.floor(now / 1000 - best.blockTimestamp)) : null;
  const windowMinutes = Math.round(gatewayConfig().healthWindowMs / 60_000) || 1;
  const pct = (errorRatio * 100).toFixed(1);
  const ratioReason =
    samples.length === 0
      ? `No requests in the last ${windowMinutes} min.`
      : `${errors} of ${samples.length} upstream requests failed in the last ${windowMinutes} min (${pct} %; degraded above 2 %).`;
  const degradedBy = [
    stateReadReason(health.upstreams),
    headStallReason(
      headExpectation(chain),
      blockNumber !== null && blockAgeSeconds !== null ? { blockNumber, ageSeconds: blockAgeSeconds } : null,
    ),
    errorRatio > DEGRADED_ERROR_RATIO ? ratioReason : null,
  ].filter((reason): reason is string => reason !== null);
  return {
    status: syncing ? 'syncing' : degradedBy.length > 0 ? 'degraded' : 'operational',
    statusReason: syncing
      ? 'The chain’s upstreams report that they are syncing (eth_syncing).'
      : degradedBy.length > 0
        ? degradedBy.join(' ')
        : ratioReason,
    blockNumber,
    blockAgeSeconds,
    syncing,
    errorRatio,
    requests: samples.length,
    latencyP50Ms: percentile(latencies, 50),
    latencyP95Ms: percentile(latencies, 95),
    polledAt: health.polledAt === null ? null : new Date(health.polledAt).toISOString(),
  };
}

/** The status fields of a chain record in `GET /api/v1/chains` (docs/api-conventions.md). */
export function chainStatusFields(chain: ChainHealthSubject) {
  const s = chainStatus(chain);
  return {
    status: s.status,
    statusReason: s.statusReason,
    blockNumber: s.blockNumber,
    blockAgeSeconds: s.blockAgeSeconds,
    errorRatio: s.errorRatio,
  };
}
