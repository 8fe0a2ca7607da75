import type { JobEvent, JobPayload } from './payloads';

/**
 * The one step primitive a workflow may use. Inngest memoizes each step (a re-run skips finished steps and
 * retries the failed one); the embedded provider just runs it. Step results must be JSON values.
 */
export type Step = { run<T>(id: string, fn: () => Promise<T>): Promise<T> };

export type WorkflowContext = {
  step: Step;
  /**
   * True when one process runs the whole workflow, first step to last (the embedded provider), so it may hold
   * a lease across steps; Inngest runs each step as a separate request.
   */
  singleProcess?: boolean;
};

/** A workflow, written once and run by either provider. It must be idempotent: re-running it is safe. */
export type Workflow<E extends JobEvent> = (payload: JobPayload<E>, ctx: WorkflowContext) => Promise<unknown>;

/** The embedded provider's step runner: no memoization, the job itself is the retry unit. */
export const directStep: Step = { run: (_id, fn) => fn() };
