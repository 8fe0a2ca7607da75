// The job catalog generates every Inngest function: the ids, triggers, retries and concurrency keys that
// deployed runs are keyed by stay what the hand-written functions had (a change strands runs in flight at a
// deploy), and every event has its job.
import { describe, expect, it } from 'vitest';
import { EVENT_JOBS, PERIODIC_JOBS } from '@/lib/jobs/catalog';
import { JOB_EVENT_NAMES } from '@/lib/jobs/payloads';
import { INNGEST_FUNCTIONS, inngestFunctions } from '@/lib/jobs/providers/inngest';

type Opts = {
  retries?: number;
  concurrency?: { key?: string; limit: number };
  triggers?: ({ event: string } | { cron: string })[];
};

/** What each function was registered with before the catalog generated them. */
const REGISTERED = {
  'provision-profile': { event: 'profile/provision.requested', key: 'event.data.profileId', retries: 3 },
  'provision-executable': {
    event: 'executable/provision.requested',
    key: 'event.data.executableId',
    retries: 3,
  },
  'switch-executable-function': {
    event: 'executable/function-switch.requested',
    key: 'event.data.executableId',
    retries: 3,
  },
  'run-execution': { event: 'execution/requested', key: 'event.data.executionId', retries: 3 },
  'run-callback': { event: 'execution/callback.requested', key: 'event.data.executionId', retries: 3 },
  'deliver-notification': {
    event: 'notification/delivery.requested',
    key: 'event.data.notificationId',
    retries: 3,
  },
  'schedule-tick': { cron: '* * * * *', retries: 0 },
  'recover-runs': { cron: '* * * * *', retries: 0 },
  'watch-transactions': { cron: '* * * * *', retries: 0 },
  'follow-chains': { cron: '* * * * *', retries: 0 },
  'alerts-check': { cron: '* * * * *', retries: 0 },
  'notification-sweep': { cron: '* * * * *', retries: 0 },
  maintenance: { cron: '17 * * * *', retries: 2 },
} as const;

describe('job catalog', () => {
  it('generates the Inngest functions with the ids, triggers, retries and concurrency they were deployed with', () => {
    expect(inngestFunctions.map((f) => f.id()).sort()).toEqual(Object.keys(REGISTERED).sort());
    for (const [id, want] of Object.entries(REGISTERED)) {
      const fn = INNGEST_FUNCTIONS[id];
      expect(fn.id(), id).toBe(id);
      const opts = fn.opts as Opts;
      expect(opts.retries, id).toBe(want.retries);
      if ('event' in want) {
        expect(opts.triggers, id).toEqual([{ event: want.event }]);
        expect(opts.concurrency, id).toEqual({ key: want.key, limit: 1 });
      } else {
        expect(opts.triggers, id).toEqual([{ cron: want.cron }]);
        expect(opts.concurrency, id).toEqual({ limit: 1 });
      }
    }
  });

  it('has a job for every event, and a periodic job runs at least once per firing, paused when more', async () => {
    expect(Object.keys(EVENT_JOBS).sort()).toEqual([...JOB_EVENT_NAMES].sort());
    for (const event of JOB_EVENT_NAMES)
      expect(typeof (await EVENT_JOBS[event].workflow()), event).toBe('function');
    for (const job of PERIODIC_JOBS) {
      expect(job.runsPerCron, job.id).toBeGreaterThanOrEqual(1);
      if (job.runsPerCron > 1) expect(job.pause, job.id).toMatch(/^\d+s$/);
      expect(job.everyMs(), job.id).toBeGreaterThan(0);
    }
  });
});
