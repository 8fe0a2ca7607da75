'use client';

import { useEffect, useRef } from 'react';

/**
 * Calls `poll` every `intervalMs` while `active`, one call at a time: the next waits for the previous answer, so
 * a slow server is never asked twice at once. A failed call is left to the next one.
 */
export function usePolling(
  poll: () => Promise<unknown>,
  { active, intervalMs }: { active: boolean; intervalMs: number },
) {
  const latest = useRef(poll);
  useEffect(() => {
    latest.current = poll;
  });
  useEffect(() => {
    if (!active) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const tick = async () => {
      await latest.current().catch(() => undefined);
      if (!stopped) timer = setTimeout(tick, intervalMs);
    };
    timer = setTimeout(tick, intervalMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [active, intervalMs]);
}
