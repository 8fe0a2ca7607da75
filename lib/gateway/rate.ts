import type { Db } from '@/db/client';
import { takeRateLimit } from '@/lib/api/rate-limit';

// The gateway's per-workspace limit: the management limiter's token bucket in Postgres (shared by every app
// instance), taken in small leases so that a busy workspace costs one statement per lease rather than one per
// request. A lease is at most one second of refill (capacity / 60, at most 100 tokens): a process holds at most
// that many unspent tokens, so the limit is never exceeded, and a workspace near its limit is refused a
// little early rather than late. A small capacity leases one token at a time: exact.

type Lease = { tokens: number; refused: boolean; headers: Record<string, string>; pending?: Promise<void> };

const state = globalThis as unknown as { tickworkRpcLeases?: Map<string, Lease> };
const MAX_LEASES = 10_000;

const leaseSize = (capacity: number) => Math.max(1, Math.min(100, Math.floor(capacity / 60)));

export type RateDecision = { allowed: boolean; headers: Record<string, string> };

export async function takeRpcToken(db: Db, workspaceId: string, capacity: number): Promise<RateDecision> {
  if (capacity === 0) return { allowed: true, headers: {} };
  state.tickworkRpcLeases ??= new Map();
  const leases = state.tickworkRpcLeases;
  let lease = leases.get(workspaceId);
  if (!lease) {
    if (leases.size >= MAX_LEASES) leases.clear();
    lease = { tokens: 0, refused: false, headers: {} };
    leases.set(workspaceId, lease);
  }
  for (;;) {
    if (lease.tokens >= 1) {
      lease.tokens -= 1;
      return { allowed: true, headers: lease.headers };
    }
    const current = lease;
    current.pending ??= refill(db, workspaceId, capacity, current).finally(() => {
      current.pending = undefined;
    });
    await current.pending;
    // The bucket said no: refused (until a later request asks it again). Else take one of the lease, or lease
    // again when concurrent requests spent it first.
    if (current.refused && current.tokens < 1) return { allowed: false, headers: current.headers };
  }
}

async function refill(db: Db, workspaceId: string, capacity: number, lease: Lease) {
  const key = `rpc:${workspaceId}`;
  const size = leaseSize(capacity);
  let taken = await takeRateLimit(key, db, capacity, size);
  let granted = taken.allowed ? size : 0;
  if (!taken.allowed && size > 1) {
    taken = await takeRateLimit(key, db, capacity, 1);
    granted = taken.allowed ? 1 : 0;
  }
  lease.tokens += granted;
  lease.refused = granted === 0;
  lease.headers = taken.headers;
}
