/**
 * Per-credential fixed-window rate limit for management routes (in-process; one counter map per server).
 * `TICKWORK_RATE_LIMIT_PER_MINUTE` sets the budget (default 600); 0 disables it.
 */
const WINDOW_MS = 60_000;
const limit = Number(process.env.TICKWORK_RATE_LIMIT_PER_MINUTE ?? 600);
const windows = new Map<string, { start: number; count: number }>();

export type RateLimitResult = { allowed: boolean; headers: Record<string, string> };

export function takeRateLimit(credentialKey: string, now = Date.now()): RateLimitResult {
  if (limit <= 0) return { allowed: true, headers: {} };
  const windowStart = now - (now % WINDOW_MS);
  let entry = windows.get(credentialKey);
  if (!entry || entry.start !== windowStart) {
    if (windows.size > 50_000) pruneOldWindows(windowStart);
    entry = { start: windowStart, count: 0 };
    windows.set(credentialKey, entry);
  }
  entry.count++;
  const resetSeconds = Math.ceil((windowStart + WINDOW_MS - now) / 1000);
  const allowed = entry.count <= limit;
  const headers: Record<string, string> = {
    'RateLimit-Limit': String(limit),
    'RateLimit-Remaining': String(Math.max(0, limit - entry.count)),
    'RateLimit-Reset': String(resetSeconds),
  };
  if (!allowed) headers['Retry-After'] = String(resetSeconds);
  return { allowed, headers };
}

function pruneOldWindows(current: number) {
  for (const [key, entry] of windows) if (entry.start !== current) windows.delete(key);
}
