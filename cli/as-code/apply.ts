import { createHash } from 'node:crypto';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import { uploadZip } from '../commands/upload';
import { CliError } from '../output';
import { callApi, type Target } from '../target';
import type { ExecutablePlan, Plan } from './plan';
import type { ReleaseRef } from './plan-functions';

/** One mutation apply made, for its report. */
export type Done = { action: string; subject: string; detail?: string };

const WAIT_MS = 120_000;
const POLL_MS = 500;

/**
 * The `Idempotency-Key` of one mutation: derived from what it changes (the project, the subject and the
 * version of it apply read, the route and the body), so a retried request is answered once, and a later apply
 * (the subject has a new `updatedAt` by then) is a new request.
 */
const keyOf = (...parts: unknown[]) =>
  `tickwork-apply-${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;

async function waitFor(
  target: Target,
  id: string,
  done: (e: ExecutableRecord) => boolean,
  what: string,
): Promise<ExecutableRecord> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const exe = (await callApi(target, 'GET', `/api/v1/executables/${id}`)) as ExecutableRecord;
    if (done(exe)) return exe;
    if (Date.now() > deadline)
      throw new CliError(`executable ${exe.name} did not ${what} within ${WAIT_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

/** POST …/pause of an executable as apply read it (its key: the executable and the `updatedAt` read). */
const pause = (target: Target, exe: Pick<ExecutableRecord, 'id' | 'updatedAt'>) =>
  callApi(
    target,
    'POST',
    `/api/v1/executables/${exe.id}/pause`,
    undefined,
    keyOf(exe.id, exe.updatedAt, 'pause'),
  );

/** Makes the plan so, in its order; stops at the first refusal (what was done stays done: apply again resumes). */
export async function applyPlan(target: Target, plan: Plan): Promise<Done[]> {
  const done: Done[] = [];
  const projectId = plan.project.id;
  const uploaded = new Map<string, string>();
  for (const u of plan.uploads) {
    const result = await uploadZip(target, {
      zip: u.zip,
      fileName: `${u.name}.zip`,
      projectId,
      name: u.name,
      tag: u.tag,
    });
    uploaded.set(u.name, String(result.taskId));
    done.push({
      action: 'uploaded',
      subject: `function ${u.name}@${result.versionTag}`,
      detail: String(result.taskId),
    });
  }
  const releaseId = (ref: ReleaseRef) =>
    'releaseId' in ref ? ref.releaseId : (uploaded.get(ref.upload) as string);

  const ids = new Map<string, string>();
  const fingerprint = plan.executables.map((e) =>
    'executable' in e ? [e.executable.id, e.executable.updatedAt] : [],
  );
  for (const e of plan.executables) {
    if (e.action === 'create') {
      const body = { projectId, ...e.fields, functionId: releaseId(e.release), name: e.name };
      ids.set(e.name, await create(target, e, body, keyOf('create', body, fingerprint), done));
    }
    if (e.action === 'update') {
      ids.set(e.name, e.executable.id);
      await update(target, e, releaseId, done);
    }
    if (e.action === 'keep') ids.set(e.name, e.executable.id);
  }
  for (const r of plan.rules) {
    const subject = `alert rule ${r.kind} of ${r.executable ?? 'the project'}`;
    if (r.action === 'create') {
      const executableId = r.executable === null ? undefined : ids.get(r.executable);
      const body = { ...r.body, ...(executableId && { executableId }) };
      await callApi(
        target,
        'POST',
        '/api/v1/alert-rules',
        body,
        keyOf(projectId, 'rule', r.executable, r.kind, body),
      );
      done.push({ action: 'created', subject, detail: r.to });
    } else if (r.action === 'update') {
      await callApi(
        target,
        'PATCH',
        `/api/v1/alert-rules/${r.ruleId}`,
        r.body,
        keyOf(r.ruleId, r.from, r.body),
      );
      done.push({ action: 'updated', subject, detail: `${r.from} → ${r.to}` });
    } else if (r.action === 'delete') {
      await callApi(
        target,
        'DELETE',
        `/api/v1/alert-rules/${r.ruleId}`,
        undefined,
        keyOf(r.ruleId, 'delete'),
      );
      done.push({ action: 'deleted', subject });
    }
  }
  for (const e of plan.executables) {
    if (e.action !== 'delete') continue;
    const exe = e.executable;
    if (exe.state === 'active' || exe.state === 'provisioning') {
      // the API deletes only what does not run
      await pause(target, exe);
    }
    await callApi(
      target,
      'DELETE',
      `/api/v1/executables/${exe.id}`,
      undefined,
      keyOf(exe.id, exe.updatedAt, 'delete'),
    );
    done.push({ action: 'deleted', subject: `executable ${e.name}`, detail: exe.id });
  }
  return done;
}

async function create(
  target: Target,
  e: Extract<ExecutablePlan, { action: 'create' }>,
  body: Record<string, unknown>,
  key: string,
  done: Done[],
): Promise<string> {
  const created = (await callApi(target, 'POST', '/api/v1/executables', body, key)) as ExecutableRecord;
  const ready = await waitFor(target, created.id, (x) => x.state !== 'provisioning', 'finish provisioning');
  if (ready.state === 'error') {
    throw new CliError(
      `executable ${e.name} was created but provisioning failed: ${ready.stateReason ?? 'unknown'}`,
    );
  }
  if (e.state === 'paused' && ready.state === 'active') {
    await pause(target, ready);
  }
  done.push({ action: 'created', subject: `executable ${e.name}`, detail: `${created.id}: ${e.summary}` });
  return created.id;
}

async function update(
  target: Target,
  e: Extract<ExecutablePlan, { action: 'update' }>,
  releaseId: (ref: ReleaseRef) => string,
  done: Done[],
) {
  const exe = e.executable;
  const base = `/api/v1/executables/${exe.id}`;
  const subject = `executable ${e.name}`;
  const wanted = e.state?.to ?? (exe.state === 'paused' ? 'paused' : 'active');
  let paused = exe.state === 'paused';
  if ((e.switch || wanted === 'paused') && !paused) {
    await pause(target, exe);
    paused = true;
    done.push({ action: 'paused', subject });
  }
  if (e.switch) {
    const functionId = releaseId(e.switch.to);
    const body = { functionId };
    await callApi(target, 'PATCH', `${base}/function`, body, keyOf(exe.id, exe.updatedAt, 'function', body));
    const after = await waitFor(
      target,
      exe.id,
      (x) => !x.pendingFunctionSwitch,
      'finish the function switch',
    );
    if (after.functionId !== functionId) {
      const reason = after.lastFunctionSwitchError?.message ?? 'the switch did not take';
      throw new CliError(`executable ${e.name}: the switch to ${e.switch.to.label} failed: ${reason}`, {
        code: 'function_switch_failed',
      });
    }
    done.push({ action: 'switched', subject, detail: `${e.switch.from} → ${e.switch.to.label}` });
  }
  for (const f of e.facets) {
    await callApi(
      target,
      'PATCH',
      `${base}/${f.route}`,
      f.body,
      keyOf(exe.id, exe.updatedAt, f.route, f.body),
    );
    done.push({ action: 'updated', subject, detail: `${f.facet}: ${f.from} → ${f.to}` });
  }
  if (wanted === 'active' && paused) {
    await callApi(target, 'POST', `${base}/resume`, undefined, keyOf(exe.id, exe.updatedAt, 'resume'));
    done.push({ action: 'resumed', subject });
  }
}
