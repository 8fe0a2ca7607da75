import { cache } from 'react';
import { getDb } from '@/db/client';
import { orNotFound } from '@/lib/console/not-found';
import { requireProject, toProject } from '@/lib/projects/service';

/** The project of the URL, in the workspace of the URL; anything else is a 404. Once per request. */
export const loadProject = cache(async (workspaceId: string, projectId: string) =>
  toProject(await orNotFound(requireProject(getDb(), workspaceId, projectId))),
);
