import type { Operation } from '@/lib/api/operation';
import { taskZip, upload } from './bundles';
import { type Actor, newProject, newWorkspace, uniq } from './fixtures';
import { api } from './http';
import { type SeededExecutable, seedExecutable, seedExecutions } from './seed';

/** A workspace with one of everything the routes address: project, release, profile, executable, execution, secret. */
export type World = Actor &
  SeededExecutable & {
    executionId: string;
    secretId: string;
  };

export async function newWorld(): Promise<World> {
  const owner = await newWorkspace();
  const project = await newProject(owner.workspaceId);
  const exe = await seedExecutable(owner.workspaceId, project.id);
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
  // functionId: a real, unused release (the seeded executable keeps its own), so delete/source/copy can succeed
  return { ...owner, ...exe, functionId: release.body.taskId, executionId, secretId: secret.body.data.id };
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
};

export const opLabel = (op: Operation) => `${op.method} ${op.path}`;

/** A plausible request for an operation against a world: its ids in the path, projectId in the query, a valid body. */
export function requestFor(op: Operation, world: World, extraQuery: Record<string, string> = {}) {
  const ids: Record<string, string> = world as unknown as Record<string, string>;
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
