import { getDb } from '@/db/client';
import { sweepDueNotifications } from '@/lib/alerts/delivery';
import { inngest } from '@/lib/jobs/inngest-client';
import { runWorkflow } from '@/lib/jobs/workflows';
import { workflowStep } from './provision-profile';

/** `notification/delivery.requested` on Inngest: the same one-attempt workflow the embedded queue runs. */
export const deliverNotificationFunction = inngest.createFunction(
  {
    id: 'deliver-notification',
    retries: 3,
    concurrency: { key: 'event.data.notificationId', limit: 1 },
    triggers: [{ event: 'notification/delivery.requested' }],
  },
  async ({ event, step }) =>
    runWorkflow('notification/delivery.requested', event.data, { step: workflowStep(step) }),
);

/** Sweeps per cron minute: every 10 s, so short retry waits are kept close to. */
export const SWEEPS_PER_MINUTE = 6;

/** The outbox sweep on Inngest: due pending rows (retries, rows whose job never ran) get a delivery event. */
export const notificationSweepFunction = inngest.createFunction(
  { id: 'notification-sweep', retries: 0, concurrency: { limit: 1 }, triggers: [{ cron: '* * * * *' }] },
  async ({ step }) => {
    let queued = 0;
    for (let sweep = 0; sweep < SWEEPS_PER_MINUTE; sweep++) {
      if (sweep > 0) await step.sleep(`pause-${sweep}`, '10s');
      queued += await step.run(`sweep-${sweep}`, () => sweepDueNotifications(getDb()));
    }
    return { queued };
  },
);
