import { notFound } from 'next/navigation';
import { cache } from 'react';
import { getDb } from '@/db/client';
import { orNotFound } from '@/lib/console/not-found';
import { getExecutable } from '@/lib/executables/service';
import { listSecrets } from '@/lib/secrets/service';
import { projectProfiles, releaseOptions } from '../../_components/data';
import type { ExecutableIds } from '../../_components/ids';

/** The executable of the URL, in the project of the URL; anything else is a 404. Once per request. */
export const loadExecutable = cache(async (workspaceId: string, projectId: string, executableId: string) => {
  const executable = await orNotFound(getExecutable(getDb(), workspaceId, executableId));
  if (executable.projectId !== projectId) notFound();
  return executable;
});

export type Executable = Awaited<ReturnType<typeof loadExecutable>>;

/** What every section of the executable page is given; each loads the rest of what it shows. */
export type SectionProps = {
  ids: ExecutableIds;
  workspaceId: string;
  executable: Executable;
  canMutate: boolean;
};

// Several sections show the project's releases, profiles or secrets: each list is read once per request.
export const loadReleases = cache(releaseOptions);
export const loadProfiles = cache(projectProfiles);
export const loadSecrets = cache((workspaceId: string, projectId: string) =>
  listSecrets(getDb(), workspaceId, projectId),
);

/** The label of a release (`name@tag`), or its id when it is not among the project's active releases. */
export const releaseLabel = (releases: { id: string; label: string }[], id: string) =>
  releases.find((r) => r.id === id)?.label ?? id;
