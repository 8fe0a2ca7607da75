import { inngest } from '@/lib/jobs/inngest-client';
import { runWorkflow } from '@/lib/jobs/workflows';
import { workflowStep } from './provision-profile';

/** `executable/function-switch.requested` on Inngest: the same workflow the embedded queue runs. */
export const switchExecutableFunctionFunction = inngest.createFunction(
  {
    id: 'switch-executable-function',
    retries: 3,
    concurrency: { key: 'event.data.executableId', limit: 1 },
    triggers: [{ event: 'executable/function-switch.requested' }],
  },
  async ({ event, step }) =>
    runWorkflow('executable/function-switch.requested', event.data, { step: workflowStep(step) }),
);
