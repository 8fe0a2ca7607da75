import { parseEther } from 'viem';
import { FINAL_EXECUTION_STATUSES } from '@/db/enums';
import { taskZip, upload } from './bundles';
import { createExe, exeBody, waitForExe } from './executables';
import { type Actor, newProject, newWorkspace, uniq } from './fixtures';
import { api } from './http';
import { pollPause } from './poll';
import { createProfile, rpc, waitForProfile } from './profiles';

export type RunWorld = Actor & { projectId: string; profileId: string; address: string };

/** The statuses an execution ends in (as strings: API bodies are untyped here). */
export const FINAL_STATUSES: string[] = [...FINAL_EXECUTION_STATUSES];

/** A Pro workspace with a legacy profile provisioned on anvil (delegated for real) and funded with 10 ETH. */
export async function runWorld(): Promise<RunWorld> {
  const owner = await newWorkspace({ plan: 'pro' });
  const project = await newProject(owner.workspaceId);
  const created = await createProfile(owner.token, {
    projectId: project.id,
    alias: `ops-${uniq()}`,
    chainId: 31337,
  });
  if (created.status !== 201) throw new Error(`profile: ${created.text}`);
  const { profile } = await waitForProfile(owner.token, created.body.data.id, (p) => p.state === 'active');
  await rpc('anvil_setBalance', [profile.address, `0x${parseEther('10').toString(16)}`]);
  return { ...owner, projectId: project.id, profileId: profile.id, address: profile.address };
}

/** permissions.json declaring plain transfers to `targets` (empty data needs only the target listed). */
export const transfersTo = (...targets: string[]) =>
  JSON.stringify({ calls: targets.map((to) => ({ to, functions: ['0x00000000'] })) });

/** Uploads `source` (+ files) and creates an active executable on the world's profile. */
export async function runnableExe(
  w: RunWorld,
  source: string,
  opts: { files?: Record<string, string>; schema?: string; exe?: Record<string, unknown> } = {},
) {
  const res = await upload(w.token, taskZip(source, opts.files ?? {}), {
    workspaceId: w.workspaceId,
    projectId: w.projectId,
    taskName: `fn-${uniq()}`,
    ...(opts.schema && { schema: opts.schema }),
  });
  if (res.status !== 200) throw new Error(`upload: ${res.text}`);
  const body = exeBody({ ...w, functionId: res.body.taskId, secretId: '' }, opts.exe);
  const exe = await createExe(w.token, body);
  if (exe.status !== 201) throw new Error(`create: ${exe.text}`);
  return (await waitForExe(w.token, exe.body.data.id, (e) => e.state === 'active')).exe;
}

export const startRun = (token: string, executableId: string, action: 'run' | 'simulate' = 'run') =>
  api(`/api/v1/executables/${executableId}/${action}`, { method: 'POST', token });

/** Polls the execution until it is final; returns it with its logs. */
export async function waitForExecution(token: string, id: string, timeoutMs = 60_000) {
  const started = Date.now();
  let last: any;
  for (let looks = 0; Date.now() - started < timeoutMs; looks++) {
    const res = await api(`/api/v1/executions/${id}`, { token });
    last = res.body?.data;
    if (res.status === 200 && FINAL_STATUSES.includes(last.status)) {
      const logs = await api(`/api/v1/executions/${id}/logs`, { token });
      return { execution: last, logs: logs.body.data as { level: string; message: string }[] };
    }
    await pollPause(looks);
  }
  throw new Error(`execution ${id} did not finish in ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Queues a run and waits for its end. */
export async function runToEnd(token: string, executableId: string, action: 'run' | 'simulate' = 'run') {
  const res = await startRun(token, executableId, action);
  if (res.status !== 200) throw new Error(`${action}: ${res.status} ${res.text}`);
  return waitForExecution(token, res.body.data.id);
}

export const balanceOf = async (address: string) =>
  BigInt(await rpc<string>('eth_getBalance', [address, 'latest']));

/** Polls an execution until its callback ended; answers the execution, its logs and the executable's storage. */
export async function callbackEnded(token: string, id: string, executableId: string, timeoutMs = 60_000) {
  const started = Date.now();
  let last: any;
  for (let looks = 0; Date.now() - started < timeoutMs; looks++) {
    last = (await api(`/api/v1/executions/${id}`, { token })).body.data;
    if (last?.callback && ['succeeded', 'failed'].includes(last.callback.status)) {
      const logs = (await api(`/api/v1/executions/${id}/logs`, { token })).body.data;
      const storage = (await api(`/api/v1/executables/${executableId}/storage`, { token })).body.data;
      return { execution: last, logs: logs as any[], storage };
    }
    await pollPause(looks);
  }
  throw new Error(`the callback of ${id} did not end in ${timeoutMs} ms: ${JSON.stringify(last)}`);
}
