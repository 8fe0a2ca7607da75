/** One point per day of the cycle: recorded units for past days (0 when idle), null for days still ahead. */
export type DailyPoint = { day: string; computeUnits: number | null };

export function dailySeries(
  cycle: { start: string; end: string },
  daily: { day: string; computeUnits: number }[],
  now = new Date(),
): DailyPoint[] {
  const byDay = new Map(daily.map((d) => [d.day, d.computeUnits]));
  const today = now.toISOString().slice(0, 10);
  const points: DailyPoint[] = [];
  for (let t = new Date(cycle.start); t < new Date(cycle.end); t = new Date(t.getTime() + 86_400_000)) {
    const day = t.toISOString().slice(0, 10);
    points.push({ day, computeUnits: day <= today ? (byDay.get(day) ?? 0) : null });
  }
  return points;
}
