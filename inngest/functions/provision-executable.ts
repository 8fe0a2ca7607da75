import { inngest } from '@/lib/jobs/inngest-client';
import { runWorkflow } from '@/lib/jobs/workflows';
import { workflowStep } from './provision-profile';

/** `executable/provision.requested` on Inngest: the same workflow the embedded queue runs. */
export const provisionExecutableFunction = inngest.createFunction(
  {
    id: 'provision-executable',
    retries: 3,
    concurrency: { key: 'event.data.executableId', limit: 1 },
    triggers: [{ event: 'executable/provision.requested' }],
  },
  async ({ event, step }) =>
    runWorkflow('executable/provision.requested', event.data, { step: workflowStep(step) }),
);
