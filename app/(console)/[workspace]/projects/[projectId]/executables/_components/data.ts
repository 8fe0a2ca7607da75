import { getDb } from '@/db/client';
import { listExecutables } from '@/lib/executables/service';
import { listReleases } from '@/lib/functions/service';
import { listProfiles } from '@/lib/profiles/service';

/** Every active release of a project (newest first), as `name@tag` options with their args schema, default args and permissions. */
export async function releaseOptions(workspaceId: string, projectId: string) {
  const out: {
    id: string;
    label: string;
    schema: string | null;
    defaultArgs: string | null;
    permissions: { calls: { to: string; functions: string[] }[] } | null;
  }[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listReleases(getDb(), workspaceId, { projectId, limit: 200, cursor });
    for (const r of result.data)
      out.push({
        id: r.id,
        label: `${r.name}@${r.versionTag}`,
        schema: r.schema,
        defaultArgs: r.defaultArgs,
        permissions: r.permissions,
      });
    if (result.pagination.isDone) break;
    cursor = result.pagination.cursor;
  }
  return out;
}

/** Every profile of a project (any state). */
export async function projectProfiles(workspaceId: string, projectId: string) {
  const out = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listProfiles(getDb(), workspaceId, { projectId, limit: 100, cursor });
    out.push(...result.data);
    if (result.pagination.isDone) break;
    cursor = result.pagination.cursor;
  }
  return out;
}

/** Every executable of a project that is not deleted, newest first. */
export async function projectExecutables(workspaceId: string, projectId: string) {
  const out = [];
  let cursor: string | undefined;
  for (let page = 0; page < 10; page++) {
    const result = await listExecutables(getDb(), workspaceId, { projectId, limit: 100, cursor });
    out.push(...result.data);
    if (result.pagination.isDone) break;
    cursor = result.pagination.cursor;
  }
  return out;
}
