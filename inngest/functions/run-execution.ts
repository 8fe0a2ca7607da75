import { inngest } from '@/lib/jobs/inngest-client';
import { runWorkflow } from '@/lib/jobs/workflows';
import { workflowStep } from './provision-profile';

/** `execution/requested` on Inngest: the same workflow the embedded queue runs, one step per stage. */
export const runExecutionFunction = inngest.createFunction(
  {
    id: 'run-execution',
    retries: 3,
    concurrency: { key: 'event.data.executionId', limit: 1 },
    triggers: [{ event: 'execution/requested' }],
  },
  async ({ event, step }) => runWorkflow('execution/requested', event.data, { step: workflowStep(step) }),
);
