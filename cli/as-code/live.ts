import type { ChannelRecord } from '@/lib/alerts/channel-schemas';
import type { AlertRuleRecord } from '@/lib/alerts/schemas';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import type { ReleaseRecord } from '@/lib/functions/schemas';
import type { ProfileRecord } from '@/lib/profiles/schemas';
import type { ProjectRecord } from '@/lib/projects/schemas';
import type { SecretRecord } from '@/lib/secrets/schemas';
import { CliError } from '../output';
import { callApi, listAll, type Target } from '../target';

/** What a project holds now, as the management API answers it (deleted executables and releases left out). */
export type LiveProject = {
  project: ProjectRecord;
  releases: ReleaseRecord[];
  executables: ExecutableRecord[];
  profiles: ProfileRecord[];
  secrets: SecretRecord[];
  channels: ChannelRecord[];
  rules: AlertRuleRecord[];
};

/** The project the file names, by id or slug. */
async function findProject(target: Target, ref: string): Promise<ProjectRecord> {
  const projects = (await callApi(target, 'GET', '/api/v1/projects')) as ProjectRecord[];
  const project = projects.find((p) => p.id === ref || p.slug === ref);
  if (!project)
    throw new CliError(`no project "${ref}" in workspace ${target.workspaceId}`, { code: 'not_found' });
  return project;
}

export async function readLive(target: Target, projectRef: string): Promise<LiveProject> {
  const project = await findProject(target, projectRef);
  const q = `projectId=${encodeURIComponent(project.id)}`;
  const [releases, executables, profiles, secrets, channels, rules] = await Promise.all([
    listAll<ReleaseRecord>(target, `/api/v1/functions?${q}`),
    listAll<ExecutableRecord>(target, `/api/v1/executables?${q}`),
    listAll<ProfileRecord>(target, `/api/v1/profiles?${q}`),
    callApi(target, 'GET', `/api/v1/secrets?${q}`) as Promise<SecretRecord[]>,
    callApi(target, 'GET', `/api/v1/channels?${q}`) as Promise<ChannelRecord[]>,
    callApi(target, 'GET', `/api/v1/alert-rules?${q}`) as Promise<AlertRuleRecord[]>,
  ]);
  return {
    project,
    releases: releases.filter((r) => r.state === 'active'),
    executables: executables.filter((e) => e.state !== 'deleted'),
    profiles: profiles.filter((p) => p.state !== 'archived'),
    secrets,
    channels,
    rules,
  };
}
