import { Cron } from 'croner';
import type { Trigger } from '@/db/schema/executables';
import { upcomingRuns } from '@/lib/schedules/clock';

import { type ChainDraft, type ChainTriggerInput, chainDraftOf, chainTriggerOf } from './chain-draft';

/** Triggers as the console shows and edits them; pure, so both server pages and client forms use it. */
export type ScheduleInput = { type: 'interval'; intervalMs: number } | { type: 'cron'; cronspec: string };
/** Any trigger the console sends (the server checks it as the API does: lib/executables/check-trigger.ts). */
export type TriggerInput = ScheduleInput | ChainTriggerInput;

export type TriggerKind = Trigger['type'];
export type TriggerDraft = { type: TriggerKind; seconds: string; cronspec: string } & ChainDraft;

export const NEW_TRIGGER: TriggerDraft = {
  type: 'cron',
  seconds: '300',
  cronspec: '*/5 * * * *',
  ...chainDraftOf(null),
};

export const draftOf = (trigger: Trigger): TriggerDraft => ({
  ...NEW_TRIGGER,
  type: trigger.type,
  ...(trigger.type === 'interval' && { seconds: String(trigger.intervalMs / 1000) }),
  ...(trigger.type === 'cron' && { cronspec: trigger.cronspec }),
  ...((trigger.type === 'event' || trigger.type === 'block') && chainDraftOf(trigger)),
});

export const triggerOf = (draft: TriggerDraft): TriggerInput =>
  draft.type === 'interval'
    ? { type: 'interval', intervalMs: Math.round(Number(draft.seconds) * 1000) }
    : draft.type === 'cron'
      ? { type: 'cron', cronspec: draft.cronspec.trim().replace(/\s+/g, ' ') }
      : chainTriggerOf(draft.type, draft);

/** Whether a trigger is a schedule (interval or cron), the kind the console's trigger form edits. */
export const isSchedule = (trigger: Trigger): trigger is ScheduleInput =>
  trigger.type === 'interval' || trigger.type === 'cron';

const short = (hex: string) => (hex.length > 14 ? `${hex.slice(0, 8)}…${hex.slice(-4)}` : hex);

// "every 5 min", "cron" and the expression, "event Transfer on 0xabcd…1234 (chain 1, 12 conf.)" or "every 10 blocks".
export function triggerSummary(trigger: Trigger): string {
  if (trigger.type === 'event') {
    const what = trigger.event
      ? trigger.event.replace(/\(.*$/, '')
      : `topic ${short(String(trigger.topics[0] ?? 'any'))}`;
    const where =
      trigger.addresses.length === 1 ? short(trigger.addresses[0]) : `${trigger.addresses.length} contracts`;
    return `event ${what} on ${where} (chain ${trigger.chainId}, ${trigger.confirmations} conf.)`;
  }
  if (trigger.type === 'block')
    return `every ${trigger.everyBlocks === 1 ? 'block' : `${trigger.everyBlocks} blocks`} (chain ${trigger.chainId}, ${trigger.confirmations} conf.)`;
  if (trigger.type === 'cron') return `cron ${trigger.cronspec}`;
  const s = trigger.intervalMs / 1000;
  if (s % 3600 === 0) return `every ${s / 3600} h`;
  if (s % 60 === 0) return `every ${s / 60} min`;
  return `every ${s} s`;
}

/**
 * An executable's next run, as its trigger editor's first run shows it: the first of `upcomingRuns` from the
 * stored `nextRunAt`; null while it is not scheduled (not active).
 */
export const nextRunOf = (executable: { trigger: Trigger; nextRunAt: string | null }): Date | null =>
  executable.nextRunAt === null || !isSchedule(executable.trigger)
    ? null
    : (upcomingRuns(executable.trigger, 1, executable.nextRunAt)[0] ?? null);

/** Whether a draft's trigger is the saved one (then the executable's stored next run anchors its runs). */
export const sameTrigger = (a: TriggerInput, b: Trigger) =>
  a.type === 'interval'
    ? b.type === 'interval' && a.intervalMs === b.intervalMs
    : a.type === 'cron' && b.type === 'cron' && a.cronspec === b.cronspec;

/**
 * The next five runs (UTC) of a draft, or why there are none. `scheduledAt` is the executable's stored next
 * run, for the saved trigger of an active executable; without it the runs start where saving, creating or
 * resuming now would put them. Both go through `upcomingRuns`, the scheduler's own arithmetic.
 */
export function nextRuns(
  draft: TriggerDraft,
  scheduledAt: Date | string | null = null,
  now = new Date(),
): { runs: Date[]; error?: string } {
  if (draft.type === 'event' || draft.type === 'block') return { runs: [] };
  if (draft.type === 'interval') {
    const seconds = Number(draft.seconds);
    if (!Number.isFinite(seconds) || seconds < 30 || seconds > 86_400)
      return { runs: [], error: 'An interval from 30 seconds to one day (86400 s).' };
  } else {
    const spec = draft.cronspec.trim().replace(/\s+/g, ' ');
    if (spec.split(' ').length !== 5)
      return { runs: [], error: 'Five fields: minute hour day-of-month month day-of-week.' };
    try {
      new Cron(spec, { timezone: 'UTC', paused: true });
    } catch (error) {
      return { runs: [], error: (error as Error).message };
    }
  }
  const runs = upcomingRuns(triggerOf(draft) as ScheduleInput, 5, scheduledAt, now);
  return runs.length ? { runs } : { runs: [], error: 'This expression never fires.' };
}

/** Why a draft cannot be saved yet (the server checks the rest), or undefined. */
export function draftProblem(draft: TriggerDraft): string | undefined {
  if (draft.type === 'block') return undefined;
  if (draft.type === 'event') {
    if (!draft.addresses.trim()) return 'At least one contract address.';
    if (!draft.event.trim() && !draft.topics.trim()) return 'An event signature or topics (topic0 first).';
    return undefined;
  }
  return nextRuns(draft).error;
}
