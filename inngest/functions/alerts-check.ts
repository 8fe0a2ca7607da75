import { getDb } from '@/db/client';
import { alertsTick } from '@/lib/alerts/ticker';
import { inngest } from '@/lib/jobs/inngest-client';

/** The periodic alert checks on Inngest (dead man, stuck submissions, low balance, plan usage): each minute. */
export const alertsCheckFunction = inngest.createFunction(
  { id: 'alerts-check', retries: 0, concurrency: { limit: 1 }, triggers: [{ cron: '* * * * *' }] },
  async ({ step }) => step.run('alerts-check', async () => (await alertsTick(getDb())).changed.length),
);
