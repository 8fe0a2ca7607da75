import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { orNotFound } from '@/lib/console/not-found';
import { readExecution } from '@/lib/executions/queries';

/** The execution of the URL, in the project of the URL; anything else is a 404. Once per request. */
export const loadExecution = cache(async (workspaceId: string, projectId: string, executionId: string) => {
  const execution = await orNotFound(readExecution(getDb(), workspaceId, executionId));
  if (execution.projectId !== projectId) notFound();
  return execution;
});
