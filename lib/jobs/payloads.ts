import { z } from 'zod';

/**
 * Every job event and its payload schema. Both providers (Inngest and the embedded graphile-worker queue) carry
 * exactly these names and payloads; the payloads name rows, never copy them (Postgres is the source of truth).
 */
const JOB_EVENTS = {
  /** A legacy profile is pending: delegate its account to the chain's 7702 account and activate it. */
  'profile/provision.requested': z.object({ profileId: z.string().min(1) }),
  /** An executable is provisioning (create, reprovision, regenerate): build the sandbox of its release. */
  'executable/provision.requested': z.object({ executableId: z.string().min(1) }),
  /** A paused executable's function switch is pending: build the new release's sandbox and commit it. */
  'executable/function-switch.requested': z.object({
    executableId: z.string().min(1),
    requestId: z.string().min(1),
  }),
  /** An execution is pending (schedule, webhook, manual run or simulation): evaluate, submit and confirm it. */
  'execution/requested': z.object({ executionId: z.string().min(1) }),
  /** An ended execution's callback is pending (onSuccess / onFail): run it once in the sandbox. */
  'execution/callback.requested': z.object({ executionId: z.string().min(1) }),
  /** A notification (outbox row) is due: make one delivery attempt (docs/alerts.md, Delivery). */
  'notification/delivery.requested': z.object({ notificationId: z.string().min(1) }),
} as const;

export type JobEvent = keyof typeof JOB_EVENTS;
export type JobPayload<E extends JobEvent> = z.output<(typeof JOB_EVENTS)[E]>;

export const JOB_EVENT_NAMES = Object.keys(JOB_EVENTS) as JobEvent[];

export const parsePayload = <E extends JobEvent>(event: E, payload: unknown): JobPayload<E> =>
  JOB_EVENTS[event].parse(payload) as JobPayload<E>;
