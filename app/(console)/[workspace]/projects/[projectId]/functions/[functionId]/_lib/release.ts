import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { orNotFound } from '@/lib/console/not-found';
import { requireRelease, toRelease } from '@/lib/functions/service';

/** The release of the URL, in the project of the URL; anything else is a 404. Once per request. */
export const loadRelease = cache(async (workspaceId: string, projectId: string, functionId: string) => {
  const release = await orNotFound(requireRelease(getDb(), workspaceId, functionId));
  if (release.projectId !== projectId) notFound();
  return toRelease(release);
});
