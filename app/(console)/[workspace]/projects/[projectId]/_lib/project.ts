import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireProject, toProject } from '@/lib/projects/service';

/** The project of the URL, in the workspace of the URL; anything else is a 404. Once per request. */
export const loadProject = cache(async (workspaceId: string, projectId: string) => {
  try {
    return toProject(await requireProject(getDb(), workspaceId, projectId));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  }
});
