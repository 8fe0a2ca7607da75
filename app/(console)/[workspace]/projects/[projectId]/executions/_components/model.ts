import type { toExecution } from '@/lib/executions/queries';

/** An execution as the service returns it (`toExecution`). */
export type Execution = ReturnType<typeof toExecution>;
export type ExecutionStatus = Execution['status'];

const UNFINISHED: readonly ExecutionStatus[] = ['pending', 'running', 'simulating', 'submitted'];

/** Still moving: the page keeps refreshing while one is shown. `submitted_unknown` waits for reconciliation. */
export const isUnfinished = (status: ExecutionStatus) => UNFINISHED.includes(status);

/** Where an execution's own page lives. */
export const executionHref = (workspaceSlug: string, projectId: string, executionId: string) =>
  `/${workspaceSlug}/projects/${projectId}/executions/${executionId}`;
