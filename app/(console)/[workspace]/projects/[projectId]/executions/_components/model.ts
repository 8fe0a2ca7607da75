import { isInFlightExecutionStatus } from '@/db/enums';
import type { toExecution } from '@/lib/executions/queries';

export type { ExecutionStatus } from '@/db/enums';

/** An execution as the service returns it (`toExecution`). */
export type Execution = ReturnType<typeof toExecution>;

/**
 * Still moving (in flight): the page keeps refreshing while one is shown. `submitted_unknown` is final for its run
 * and waits for reconciliation, not for the page.
 */
export const isUnfinished = isInFlightExecutionStatus;

/** Where an execution's own page lives. */
export const executionHref = (workspaceSlug: string, projectId: string, executionId: string) =>
  `/${workspaceSlug}/projects/${projectId}/executions/${executionId}`;
