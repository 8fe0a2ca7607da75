import { inngest } from '@/lib/jobs/inngest-client';
import { runWorkflow } from '@/lib/jobs/workflows';
import { workflowStep } from './provision-profile';

/** `execution/callback.requested` on Inngest: the same workflow the embedded queue runs. */
export const runCallbackFunction = inngest.createFunction(
  {
    id: 'run-callback',
    retries: 3,
    concurrency: { key: 'event.data.executionId', limit: 1 },
    triggers: [{ event: 'execution/callback.requested' }],
  },
  async ({ event, step }) =>
    runWorkflow('execution/callback.requested', event.data, { step: workflowStep(step) }),
);
