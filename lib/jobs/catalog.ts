import type { Db } from '@/db/client';
import type { JobEvent } from './payloads';
import type { Workflow } from './workflow';

// Every background job, listed once. Both providers are built from this list: the embedded one
// (lib/jobs/providers/embedded.ts: a graphile-worker task per event job, one loop for the periodic jobs) and
// Inngest (lib/jobs/providers/inngest.ts: a function per entry). The Inngest function ids and concurrency keys
// are what deployed runs are keyed by: changing one strands the runs in flight at a deploy.

/** Inngest's retries after the first attempt (the embedded queue makes EMBEDDED_JOB_ATTEMPTS in all). */
export type JobRetries = 0 | 1 | 2 | 3;

/** A job run for one event (payload schema: lib/jobs/payloads.ts), its workflow loaded when it first runs. */
export type EventJob<E extends JobEvent> = {
  /** The Inngest function id. */
  functionId: string;
  retries: JobRetries;
  /** The payload field that keeps two runs of one subject apart (Inngest concurrency 1 per value). */
  concurrencyKey: string;
  workflow: () => Promise<Workflow<E>>;
};

const RETRIES = 3;

export const EVENT_JOBS: { [E in JobEvent]: EventJob<E> } = {
  'profile/provision.requested': {
    functionId: 'provision-profile',
    retries: RETRIES,
    concurrencyKey: 'profileId',
    workflow: async () => (await import('./workflows/provision-profile')).provisionProfile,
  },
  'executable/provision.requested': {
    functionId: 'provision-executable',
    retries: RETRIES,
    concurrencyKey: 'executableId',
    workflow: async () => (await import('./workflows/provision-executable')).provisionExecutable,
  },
  'executable/function-switch.requested': {
    functionId: 'switch-executable-function',
    retries: RETRIES,
    concurrencyKey: 'executableId',
    workflow: async () => (await import('./workflows/switch-executable-function')).switchExecutableFunction,
  },
  'execution/requested': {
    functionId: 'run-execution',
    retries: RETRIES,
    concurrencyKey: 'executionId',
    workflow: async () => (await import('./workflows/run-execution')).runExecution,
  },
  'execution/callback.requested': {
    functionId: 'run-callback',
    retries: RETRIES,
    concurrencyKey: 'executionId',
    workflow: async () => (await import('./workflows/run-callback')).runCallback,
  },
  'notification/delivery.requested': {
    functionId: 'deliver-notification',
    retries: RETRIES,
    concurrencyKey: 'notificationId',
    workflow: async () => (await import('./workflows/deliver-notification')).deliverNotificationWorkflow,
  },
};

/** A job that runs on its own clock: in each app process (embedded), or on an Inngest cron. */
export type PeriodicJob = {
  /** The Inngest function id; the name in the embedded loop's log lines. */
  id: string;
  /** Embedded: how often it runs in each app process (ms; read when the loop starts). */
  everyMs: () => number;
  /** Embedded: it also runs once when the loop starts (work left from before a restart). */
  atStart: boolean;
  /** Embedded: the variable that, set to `off`, keeps it out of this instance. */
  offSwitch?: string;
  /** Inngest: its cron, each firing running it `runsPerCron` times `pause` apart (cron's resolution is a minute). */
  cron: string;
  runsPerCron: number;
  pause?: `${number}s`;
  /** Inngest: the step id of a run (`<step>-<n>` when it runs more than once per firing). */
  step: string;
  retries: JobRetries;
  run: (db: Db) => Promise<unknown>;
};

const everyMsFrom = (variable: string, fallback: number) => () => Number(process.env[variable]) || fallback;

export const PERIODIC_JOBS: PeriodicJob[] = [
  {
    // due executables become pending executions (the shortest interval trigger is 30 s)
    id: 'schedule-tick',
    // a slot starts at most a tick after it is due (plus the queue's pickup): 500 ms keeps the soak's dispatch
    // lag p99 under a second (docs/performance.md#soak); a tick is one index probe, and a claim when any is due
    everyMs: everyMsFrom('TICKWORK_SCHEDULER_TICK_MS', 500),
    atStart: false,
    // an instance that runs jobs and alert checks but claims no scheduled run
    offSwitch: 'TICKWORK_SCHEDULER',
    cron: '* * * * *',
    runsPerCron: 6,
    pause: '10s',
    step: 'tick',
    retries: 0,
    run: async (db) => (await import('@/lib/executions/scheduler')).schedulerTick(db),
  },
  {
    // runs whose job was lost, submissions of unknown fate, callbacks never queued: each waits ten seconds or more
    // before it counts as stranded, so a look every five seconds is soon enough (lib/executions/scheduler.ts)
    id: 'recover-runs',
    everyMs: everyMsFrom('TICKWORK_RECOVERY_TICK_MS', 5_000),
    atStart: true,
    offSwitch: 'TICKWORK_SCHEDULER',
    cron: '* * * * *',
    runsPerCron: 6,
    pause: '10s',
    step: 'recover',
    retries: 0,
    run: async (db) => (await import('@/lib/executions/scheduler')).recoveryTick(db),
  },
  {
    // submitted transactions: receipts, re-pricing, re-sending, cancellation (lib/executions/watch.ts)
    id: 'watch-transactions',
    everyMs: everyMsFrom('TICKWORK_WATCHER_TICK_MS', 1_000),
    atStart: true,
    offSwitch: 'TICKWORK_WATCHER',
    cron: '* * * * *',
    runsPerCron: 30,
    pause: '2s',
    step: 'watch',
    retries: 0,
    run: async (db) => (await import('@/lib/executions/watch')).watchTick(db),
  },
  {
    // the chain follower of event and block triggers (each chain's advisory lock lets one process follow it)
    id: 'follow-chains',
    everyMs: everyMsFrom('TICKWORK_FOLLOWER_TICK_MS', 1_000),
    atStart: false,
    offSwitch: 'TICKWORK_FOLLOWER',
    cron: '* * * * *',
    runsPerCron: 12,
    pause: '5s',
    step: 'tick',
    retries: 0,
    run: async (db) => (await import('@/lib/follower/follower')).followChainsTick(db),
  },
  {
    // dead man, stuck submissions, low balance, plan usage: apart from the scheduler, so a stopped one is seen
    id: 'alerts-check',
    everyMs: everyMsFrom('TICKWORK_ALERTS_TICK_MS', 15_000),
    atStart: false,
    cron: '* * * * *',
    runsPerCron: 1,
    step: 'alerts-check',
    retries: 0,
    run: async (db) => (await import('@/lib/alerts/periodic')).alertsTick(db),
  },
  {
    // due outbox rows (retries, rows whose job never ran) get a delivery job
    id: 'notification-sweep',
    everyMs: everyMsFrom('TICKWORK_NOTIFY_SWEEP_MS', 5_000),
    atStart: true,
    cron: '* * * * *',
    runsPerCron: 6,
    pause: '10s',
    step: 'sweep',
    retries: 0,
    run: async (db) => (await import('@/lib/alerts/delivery')).sweepDueNotifications(db),
  },
  {
    // housekeeping that retention promises depend on
    id: 'maintenance',
    everyMs: () => 60 * 60 * 1000,
    atStart: true,
    cron: '17 * * * *',
    runsPerCron: 1,
    step: 'maintenance',
    retries: 2,
    run: async (db) => (await import('./maintenance')).runMaintenance(db),
  },
];
