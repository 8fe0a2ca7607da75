import { parsePayload } from '@/lib/jobs/events';
import { inngest } from '@/lib/jobs/inngest-client';
import { runExecution } from '@/lib/jobs/workflows/run-execution';
import { workflowStep } from './provision-profile';

/** `execution/requested` on Inngest: the same workflow the embedded queue runs, one step per stage. */
export const runExecutionFunction = inngest.createFunction(
  {
    id: 'run-execution',
    retries: 3,
    concurrency: { key: 'event.data.executionId', limit: 1 },
    triggers: [{ event: 'execution/requested' }],
  },
  async ({ event, step }) =>
    runExecution(parsePayload('execution/requested', event.data), { step: workflowStep(step) }),
);
