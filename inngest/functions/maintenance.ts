import { getDb } from '@/db/client';
import { inngest } from '@/lib/jobs/inngest-client';
import { runMaintenance } from '@/lib/jobs/maintenance';

/** Maintenance on Inngest: the same housekeeping as the embedded provider's hourly ticker. */
export const maintenanceFunction = inngest.createFunction(
  { id: 'maintenance', retries: 2, concurrency: { limit: 1 }, triggers: [{ cron: '17 * * * *' }] },
  async ({ step }) => step.run('maintenance', () => runMaintenance(getDb())),
);
