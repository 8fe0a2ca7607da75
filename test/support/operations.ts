import type { Operation } from '@/lib/api/operation';
import { taskZip, upload } from './bundles';
import { type Actor, newProject, newWorkspace, uniq } from './fixtures';
import { api } from './http';
import {
  type SeededExecutable,
  seedExecutable,
  seedExecutableLike,
  seedExecutions,
  seedProfile,
} from './seed';

/**
 * A workspace with one of everything the routes address: project, release, profile, executable, execution,
 * secret; plus a second project and profiles in the states the profile actions need (`profileId` is the one
 * the executable uses).
 */
export type World = Actor &
  SeededExecutable & {
    executionId: string;
    secretId: string;
    otherProjectId: string;
    freeProfileId: string;
    archivedProfileId: string;
    pendingProfileId: string;
    webhookId: string;
    /** A project default alert rule (execution_failed). */
    ruleId: string;
    /** A notification channel of the project (email: nothing is sent anywhere). */
    channelId: string;
    /** An active and an error executable for the state-bound executable actions (pause, reprovision). */
    activeExecutableId: string;
    errorExecutableId: string;
  };

export async function newWorld(): Promise<World> {
  // Pro: the world holds three executables and creating one more must fit the plan's executable count
  const owner = await newWorkspace({ plan: 'pro' });
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
  // on the seeded executable's release and profile, so the project's releases stay the two the tests expect
  const [activeExe, errorExe] = await Promise.all(
    (['active', 'error'] as const).map((state) => seedExecutableLike(exe, state)),
  );
  const [executionId] = await seedExecutions(exe, 1);
  const secret = await api('/api/v1/secrets', {
    method: 'POST',
    token: owner.token,
    body: { projectId: project.id, name: `S_${uniq()}`, value: 'world-secret' },
  });
  if (secret.status !== 201) throw new Error(`seeding a secret failed: ${secret.text}`);
  const release = await upload(owner.token, taskZip(), {
    workspaceId: owner.workspaceId,
    projectId: project.id,
    taskName: `fn-${uniq()}`,
  });
  if (release.status !== 200) throw new Error(`seeding a release failed: ${release.text}`);
  const other = await newProject(owner.workspaceId);
  const [free, archived, pending] = await Promise.all(
    (['active', 'archived', 'pending'] as const).map((state) =>
      seedProfile(owner.workspaceId, project.id, { state }),
    ),
  );
  const webhook = await api(`/api/v1/executables/${exe.executableId}/webhooks`, {
    method: 'POST',
    token: owner.token,
    body: { name: 'world-hook' },
  });
  if (webhook.status !== 201) throw new Error(`seeding a webhook failed: ${webhook.text}`);
  const rule = await api('/api/v1/alert-rules', {
    method: 'POST',
    token: owner.token,
    body: { projectId: project.id, kind: 'execution_failed' },
  });
  if (rule.status !== 201) throw new Error(`seeding an alert rule failed: ${rule.text}`);
  const channel = await api('/api/v1/channels', {
    method: 'POST',
    token: owner.token,
    body: { projectId: project.id, kind: 'email', name: 'world-channel', to: 'world@example.com' },
  });
  if (channel.status !== 201) throw new Error(`seeding a channel failed: ${channel.text}`);
  // functionId: a real, unused release (the seeded executable keeps its own), so delete/source/copy can succeed
  return {
    ...owner,
    ...exe,
    functionId: release.body.taskId,
    executionId,
    secretId: secret.body.data.id,
    otherProjectId: other.id,
    freeProfileId: free.id,
    archivedProfileId: archived.id,
    pendingProfileId: pending.id,
    webhookId: webhook.body.data.id,
    ruleId: rule.body.data.id,
    channelId: channel.body.data.id,
    activeExecutableId: activeExe,
    errorExecutableId: errorExe,
  };
}

/** Plausible valid bodies per operation; a new mutation route should add one here. */
const SAMPLE_BODIES: Record<string, (w: World) => unknown> = {
  'POST /api/v1/projects': () => ({ name: 'Sample', slug: `s-${uniq()}` }),
  'PATCH /api/v1/projects/{projectId}': () => ({ name: 'Renamed' }),
  'POST /api/v1/secrets': (w) => ({ projectId: w.projectId, name: `S_${uniq()}`, value: 'v' }),
  'PATCH /api/v1/secrets/{secretId}': () => ({ value: 'rotated' }),
  'POST /api/v1/functions/{functionId}/copy': (w) => ({
    targetProjectId: w.projectId,
    name: `copy-${uniq()}`,
  }),
  'POST /api/v1/profiles': (w) => ({ projectId: w.projectId, alias: `p-${uniq()}`, chainId: 31337 }),
  'PATCH /api/v1/profiles/{profileId}': () => ({ name: 'Renamed' }),
  'POST /api/v1/executables': (w) => ({
    projectId: w.projectId,
    functionId: w.functionId,
    profileId: w.profileId,
    name: `exe-${uniq()}`,
    trigger: { type: 'interval', intervalMs: 60_000 },
  }),
  'PATCH /api/v1/executables/{executableId}/args': () => ({ args: '{"n":1}' }),
  'PATCH /api/v1/executables/{executableId}/function': (w) => ({ functionId: w.functionId }),
  'PATCH /api/v1/executables/{executableId}/gas-mode': () => ({ gasMode: 'sponsored' }),
  'PATCH /api/v1/executables/{executableId}/pinned': () => ({ pinned: true }),
  'PATCH /api/v1/executables/{executableId}/profile': (w) => ({ profileId: w.freeProfileId }),
  'PATCH /api/v1/executables/{executableId}/secrets': (w) => ({
    secretBindings: [{ secretId: w.secretId, envKey: 'API_KEY' }],
  }),
  'PATCH /api/v1/executables/{executableId}/sponsorship-provider': () => ({ sponsorshipProvider: 'pimlico' }),
  'PATCH /api/v1/executables/{executableId}/trigger': () => ({
    trigger: { type: 'cron', cronspec: '*/5 * * * *' },
  }),
  'POST /api/v1/profiles/{profileId}/share': (w) => ({ targetProjectId: w.otherProjectId }),
  'PATCH /api/v1/executables/{executableId}/storage': () => ({ expectedVersion: 0, value: { n: 1 } }),
  'POST /api/v1/executables/{executableId}/webhooks': () => ({ name: `hook-${uniq()}` }),
  'PATCH /api/v1/webhooks/{webhookId}': () => ({ name: 'Renamed' }),
  'POST /api/v1/alert-rules': (w) => ({
    projectId: w.projectId,
    kind: 'dead_man',
    params: { graceSeconds: 60 },
  }),
  'PATCH /api/v1/alert-rules/{ruleId}': () => ({ enabled: false }),
  'POST /api/v1/channels': (w) => ({
    projectId: w.projectId,
    kind: 'email',
    name: `ch-${uniq()}`,
    to: 'ops@example.com',
  }),
};

/**
 * Path ids per operation where the default one is not in the state the operation needs (e.g. archive needs an
 * active profile no executable uses). Only ids the world has are used.
 */
const SAMPLE_IDS: Record<string, (w: World) => Record<string, string | undefined>> = {
  'POST /api/v1/profiles/{profileId}/archive': (w) => ({ profileId: w.freeProfileId }),
  'POST /api/v1/executables/{executableId}/pause': (w) => ({ executableId: w.activeExecutableId }),
  'POST /api/v1/executables/{executableId}/reprovision': (w) => ({ executableId: w.errorExecutableId }),
  'POST /api/v1/executables/{executableId}/run': (w) => ({ executableId: w.activeExecutableId }),
  'POST /api/v1/executables/{executableId}/simulate': (w) => ({ executableId: w.activeExecutableId }),
  'POST /api/v1/profiles/{profileId}/unarchive': (w) => ({ profileId: w.archivedProfileId }),
  'POST /api/v1/profiles/{profileId}/retry': (w) => ({ profileId: w.pendingProfileId }),
};

export const opLabel = (op: Operation) => `${op.method} ${op.path}`;

/** A plausible request for an operation against a world: its ids in the path, projectId in the query, a valid body. */
export function requestFor(op: Operation, world: World, extraQuery: Record<string, string> = {}) {
  const overrides = Object.entries(SAMPLE_IDS[opLabel(op)]?.(world) ?? {}).filter(
    (entry): entry is [string, string] => entry[1] !== undefined,
  );
  const ids: Record<string, string> = {
    ...(world as unknown as Record<string, string>),
    ...Object.fromEntries(overrides),
  };
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => ids[name] ?? `unknown_${name}`);
  const queryKeys = op.query ? Object.keys(op.query.shape) : [];
  const query = new URLSearchParams();
  for (const key of queryKeys) if (ids[key]) query.set(key, ids[key]);
  for (const [key, value] of Object.entries(extraQuery)) query.set(key, value);
  const qs = query.size > 0 ? `?${query}` : '';
  const body = op.body ? (SAMPLE_BODIES[opLabel(op)]?.(world) ?? {}) : undefined;
  return { method: op.method, path: `${path}${qs}`, body };
}

/** Calls an operation with a token (and extra headers). */
export function callOp(
  op: Operation,
  world: World,
  token: string | undefined,
  headers?: Record<string, string>,
  extraQuery?: Record<string, string>,
) {
  if (op.form) {
    const fields = { workspaceId: world.workspaceId, projectId: world.projectId, taskName: `up-${uniq()}` };
    return upload(token, taskZip(), fields, headers, extraQuery);
  }
  const req = requestFor(op, world, extraQuery);
  return api(req.path, { method: req.method, token, body: req.body, headers });
}
