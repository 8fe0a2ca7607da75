import { inject } from 'vitest';
import type { PlanId } from '@/db/enums';
import { executables } from '@/db/schema';
import { newId } from '@/lib/ids';
import { TASK_SOURCE, taskZip, upload } from './bundles';
import { type Actor, newProject, newWorkspace, testDb, uniq } from './fixtures';
import { api } from './http';
import { pollPause } from './poll';
import type { SeededExecutable } from './seed';
import { seedProfile } from './seed';

export const EXECUTABLE_KEYS = [
  'args',
  'createdAt',
  'feeHold',
  'functionId',
  'gasFallback',
  'gasMode',
  'id',
  'lastFunctionSwitchError',
  'maxCostPerRun',
  'maxFeePerGas',
  'name',
  'nextRunAt',
  'pinned',
  'privateSubmission',
  'profileId',
  'projectId',
  'secretBindings',
  'sandboxRuntime',
  'sandboxRunner',
  'sponsorshipProvider',
  'state',
  'stateReason',
  'trigger',
  'updatedAt',
].sort();

/** Bundles whose sandbox build fails, and one that needs the TextEncoder/TextDecoder polyfills. */
export const BUNDLES = {
  noTask: 'export default { run: async () => ({ canExec: false }) };\n',
  noDefault: 'export const run = async () => ({ canExec: false });\n',
  throws:
    "throw new Error('boom while loading');\nexport default { __tickworkTask: 1, run: async () => 1 };\n",
  syntax: 'export default { __tickworkTask: 1, run: async () => { ;\n',
  imports: "import fs from 'node:fs';\nexport default { __tickworkTask: 1, run: async () => fs };\n",
  textCodec: `const bytes = new TextEncoder().encode('héllo ✓');
if (new TextDecoder().decode(bytes) !== 'héllo ✓' || bytes.length !== 10) throw new Error('codec');
export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };
`,
  // fetch exists at load (a run's own, which refuses requests while the release is checked: test/runtime/build-check)
  noHostGlobals: `if (typeof process !== 'undefined' || typeof require !== 'undefined' || typeof Buffer !== 'undefined')
  throw new Error('host globals leaked');
export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };
`,
  loops: 'while (true) {}\nexport default { __tickworkTask: 1, run: async () => 1 };\n',
  memory:
    'const keep = []; while (true) keep.push(new Array(1e6).fill(7));\nexport default { __tickworkTask: 1, run: async () => 1 };\n',
} as const;

export type ExeWorld = Actor & {
  projectId: string;
  functionId: string;
  profileId: string;
  secretId: string;
};

/** A release uploaded over HTTP (real bundle bytes in the blob store). */
export async function uploadRelease(
  actor: Actor,
  projectId: string,
  source: string = TASK_SOURCE,
  extra: Record<string, string> = {},
): Promise<string> {
  const res = await upload(actor.token, taskZip(source, extra), {
    workspaceId: actor.workspaceId,
    projectId,
    taskName: `fn-${uniq()}`,
  });
  if (res.status !== 200) throw new Error(`upload failed: ${res.text}`);
  return res.body.taskId;
}

/** A workspace with a project, a real release, an active legacy profile on the local chain and a secret. */
export async function exeWorld(opts: { plan?: PlanId } = {}): Promise<ExeWorld> {
  const owner = await newWorkspace({ plan: opts.plan ?? 'pro' });
  const project = await newProject(owner.workspaceId);
  const [functionId, profile, secret] = await Promise.all([
    uploadRelease(owner, project.id),
    seedProfile(owner.workspaceId, project.id),
    api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name: `S_${uniq()}`, value: 'very-secret-value' },
    }),
  ]);
  if (secret.status !== 201) throw new Error(`secret: ${secret.text}`);
  return {
    ...owner,
    projectId: project.id,
    functionId,
    profileId: profile.id,
    secretId: secret.body.data.id,
  };
}

export const exeBody = (w: ExeWorld, overrides: Record<string, unknown> = {}) => ({
  projectId: w.projectId,
  functionId: w.functionId,
  profileId: w.profileId,
  name: `exe-${uniq()}`,
  trigger: { type: 'interval', intervalMs: 60_000 },
  ...overrides,
});

export const createExe = (token: string, body: unknown, headers?: Record<string, string>) =>
  api('/api/v1/executables', { method: 'POST', token, body, headers });

export const getExe = (token: string, id: string) => api(`/api/v1/executables/${id}`, { token });

export const exeAction = (token: string, id: string, action: string) =>
  api(`/api/v1/executables/${id}/${action}`, { method: 'POST', token });

export const patchFacet = (token: string, id: string, facet: string, body: unknown) =>
  api(`/api/v1/executables/${id}/${facet}`, { method: 'PATCH', token, body });

export const deleteExe = (token: string, id: string) =>
  api(`/api/v1/executables/${id}`, { method: 'DELETE', token });

/** Polls GET until the executable matches `until`; returns the last record and how long it took. */
export async function waitForExe(
  token: string,
  id: string,
  until: (e: any) => boolean,
  timeoutMs = 100_000, // provisioning on a loaded machine; inside the 120 s test budget
): Promise<{ exe: any; ms: number }> {
  const started = Date.now();
  let last: any;
  for (let looks = 0; Date.now() - started < timeoutMs; looks++) {
    const res = await getExe(token, id);
    last = res.body?.data;
    if (res.status === 200 && until(last)) return { exe: last, ms: Date.now() - started };
    await pollPause(looks);
  }
  throw new Error(
    `executable ${id} did not reach the expected state in ${timeoutMs} ms: ${JSON.stringify(last)}`,
  );
}

/** Creates an executable over HTTP and waits until it is active. */
export async function activeExe(w: ExeWorld, overrides: Record<string, unknown> = {}) {
  const res = await createExe(w.token, exeBody(w, overrides));
  if (res.status !== 201) throw new Error(`create failed: ${res.text}`);
  return (await waitForExe(w.token, res.body.data.id, (e) => e.state === 'active')).exe;
}

/** An active executable paused over HTTP. */
export async function pausedExe(w: ExeWorld, overrides: Record<string, unknown> = {}) {
  const exe = await activeExe(w, overrides);
  const res = await exeAction(w.token, exe.id, 'pause');
  if (res.status !== 200) throw new Error(`pause failed: ${res.text}`);
  return res.body.data;
}

/** The row as stored (snake_case columns). */
export async function exeRow(id: string): Promise<Record<string, any>> {
  const [row] = await testDb().$sql`select * from executables where id = ${id}`;
  return row;
}

/** Sets columns straight in the database (states the API cannot reach on demand). */
export async function setExeState(
  id: string,
  state: 'provisioning' | 'active' | 'paused' | 'error' | 'deleted',
  extra: { pending?: object | null } = {},
) {
  const pending = extra.pending ? JSON.stringify(extra.pending) : null;
  await testDb().$sql`update executables set state = ${state},
    pending_function_switch = ${pending}::jsonb where id = ${id}`;
}

/** `n` executable rows on one seeded release and profile (for plan-limit tests). */
export async function seedExecutableRows(
  base: Pick<SeededExecutable, 'workspaceId' | 'projectId' | 'functionId' | 'profileId'>,
  n: number,
  state: 'paused' | 'deleted' = 'paused',
) {
  if (n === 0) return;
  await testDb()
    .insert(executables)
    .values(
      Array.from({ length: n }, (_, i) => ({
        id: newId('executable'),
        workspaceId: base.workspaceId,
        projectId: base.projectId,
        functionId: base.functionId,
        profileId: base.profileId,
        name: `bulk-${i}`,
        state,
        trigger: { type: 'interval' as const, intervalMs: 60_000 },
      })),
    );
}

export const baseUrl = () => inject('baseUrl');
