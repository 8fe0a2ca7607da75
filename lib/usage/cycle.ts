/** The Functions billing cycle: the calendar month in UTC. */
export function currentCycle(now = new Date()): { start: Date; end: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return { start, end };
}

/** Straight-line projection of a counter to the end of the cycle. */
export function projectToCycleEnd(used: number, cycle: { start: Date; end: Date }, now = new Date()): number {
  const elapsed = Math.max(now.getTime() - cycle.start.getTime(), 60 * 60 * 1000);
  return Math.round((used * (cycle.end.getTime() - cycle.start.getTime())) / elapsed);
}
