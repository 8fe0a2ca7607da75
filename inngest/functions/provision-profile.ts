import { inngest } from '@/lib/jobs/inngest-client';
import type { Step } from '@/lib/jobs/workflow';
import { runWorkflow } from '@/lib/jobs/workflows';

type InngestStep = { run: (id: string, fn: () => Promise<unknown>) => Promise<unknown> };

/** Inngest's memoizing step runner behind the workflow's `Step` (step results are JSON values either way). */
export const workflowStep = (step: InngestStep): Step => ({
  run: <T>(id: string, fn: () => Promise<T>) => step.run(id, fn) as Promise<T>,
});

/** `profile/provision.requested` on Inngest: the same workflow the embedded queue runs. */
export const provisionProfileFunction = inngest.createFunction(
  {
    id: 'provision-profile',
    retries: 3,
    concurrency: { key: 'event.data.profileId', limit: 1 },
    triggers: [{ event: 'profile/provision.requested' }],
  },
  async ({ event, step }) =>
    runWorkflow('profile/provision.requested', event.data, { step: workflowStep(step) }),
);
