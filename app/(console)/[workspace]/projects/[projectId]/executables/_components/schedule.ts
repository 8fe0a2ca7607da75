import { Cron } from 'croner';

/** Triggers as the console shows and edits them; pure, so both server pages and client forms use it. */
export type TriggerInput = { type: 'interval'; intervalMs: number } | { type: 'cron'; cronspec: string };

export type TriggerDraft = { type: 'interval' | 'cron'; seconds: string; cronspec: string };

export const draftOf = (trigger: TriggerInput): TriggerDraft =>
  trigger.type === 'interval'
    ? { type: 'interval', seconds: String(trigger.intervalMs / 1000), cronspec: '*/5 * * * *' }
    : { type: 'cron', seconds: '300', cronspec: trigger.cronspec };

export const triggerOf = (draft: TriggerDraft): TriggerInput =>
  draft.type === 'interval'
    ? { type: 'interval', intervalMs: Math.round(Number(draft.seconds) * 1000) }
    : { type: 'cron', cronspec: draft.cronspec.trim().replace(/\s+/g, ' ') };

// "every 5 min", or "cron" and the expression.
export function triggerSummary(trigger: TriggerInput): string {
  if (trigger.type === 'cron') return `cron ${trigger.cronspec}`;
  const s = trigger.intervalMs / 1000;
  if (s % 3600 === 0) return `every ${s / 3600} h`;
  if (s % 60 === 0) return `every ${s / 60} min`;
  return `every ${s} s`;
}

/** The next five fire times (UTC), or why there are none; computed in the browser with croner. */
export function nextRuns(draft: TriggerDraft, from = new Date()): { runs: Date[]; error?: string } {
  if (draft.type === 'interval') {
    const seconds = Number(draft.seconds);
    if (!Number.isFinite(seconds) || seconds < 30 || seconds > 86_400)
      return { runs: [], error: 'An interval from 30 seconds to one day (86400 s).' };
    return { runs: Array.from({ length: 5 }, (_, i) => new Date(from.getTime() + (i + 1) * seconds * 1000)) };
  }
  const spec = draft.cronspec.trim().replace(/\s+/g, ' ');
  if (spec.split(' ').length !== 5)
    return { runs: [], error: 'Five fields: minute hour day-of-month month day-of-week.' };
  try {
    const runs = new Cron(spec, { timezone: 'UTC', paused: true }).nextRuns(5, from);
    return runs.length ? { runs } : { runs: [], error: 'This expression never fires.' };
  } catch (error) {
    return { runs: [], error: (error as Error).message };
  }
}
