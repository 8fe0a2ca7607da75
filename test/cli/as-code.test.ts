// Automation as code against the running app: `tickwork.yaml` → plan → apply, over real HTTP. The plan and
// apply steps run in this process (the commands' own modules); one spawned CLI checks the exit codes and the
// printed plan. Each test gets a project of its own with a seeded active profile, two secrets and a channel.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Ajv from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { applyPlan, type Done } from '@/cli/as-code/apply';
import { exportProject } from '@/cli/as-code/export';
import { readLive } from '@/cli/as-code/live';
import { reservedTags } from '@/cli/as-code/load-plan';
import { makePlan, type Plan, planChanges } from '@/cli/as-code/plan';
import { readAsCodeFile } from '@/cli/as-code/read-file';
import type { Target } from '@/cli/target';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import { tickwork } from '../support/cli';
import { type Actor, newProject, newWorkspace, uniq } from '../support/fixtures';
import { api } from '../support/http';
import { seedProfile } from '../support/seed';
import { target as stack } from '../support/target';

let tmp: string;
let owner: Actor;
beforeAll(async () => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-as-code-'));
  owner = await newWorkspace({ plan: 'pro' });
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** A task folder whose code says `word` (a different word: a different bundle). */
function taskFolder(word: string) {
  const dir = path.join(tmp, `task-${uniq()}`);
  mkdirSync(dir);
  writeFileSync(
    path.join(dir, 'index.ts'),
    `export default { __tickworkTask: 1, run: async () => ({ canExec: false, message: ${JSON.stringify(word)} }) };\n`,
  );
  return dir;
}

async function world() {
  const project = await newProject(owner.workspaceId);
  await seedProfile(owner.workspaceId, project.id, { name: 'ops' });
  await seedProfile(owner.workspaceId, project.id, { name: 'backup' });
  for (const name of ['api_key', 'rpc_token']) {
    const res = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: { projectId: project.id, name, value: `value-${uniq()}` },
    });
    expect(res.status, res.text).toBe(201);
  }
  const channel = await api('/api/v1/channels', {
    method: 'POST',
    token: owner.token,
    body: { projectId: project.id, kind: 'webhook', name: 'oncall', url: 'http://127.0.0.1:9/hook' },
  });
  expect(channel.status, channel.text).toBe(201);
  const target: Target = { api: stack().baseUrl, token: owner.token, workspaceId: owner.workspaceId };
  return { project, target };
}

/** Writes the file (as YAML) in a folder of its own and answers its path. */
function writeFile(doc: object) {
  const dir = path.join(tmp, `repo-${uniq()}`);
  mkdirSync(dir);
  const file = path.join(dir, 'tickwork.yaml');
  writeFileSync(file, stringify(doc));
  return file;
}

async function planOf(target: Target, file: string, prune = false): Promise<Plan> {
  const loaded = readAsCodeFile(file);
  const live = await readLive(target, loaded.file.project);
  return makePlan(loaded.file, loaded.dir, live, {
    prune,
    reservedTags: (name) => reservedTags(target, live.project.id, name),
  });
}

async function executables(target: Target, projectId: string) {
  const res = await api(`/api/v1/executables?projectId=${projectId}`, { token: target.token });
  return (res.body.data as ExecutableRecord[]).filter((e) => e.state !== 'deleted');
}

const actions = (done: Done[]) => done.map((d) => `${d.action} ${d.subject}`);

describe('tickwork.yaml plan and apply', () => {
  it('apply on an empty project creates everything; plan then shows no difference; a second apply does nothing', async () => {
    const { project, target } = await world();
    const file = writeFile({
      version: 1,
      project: project.slug,
      functions: { keeper: { path: `../${path.basename(taskFolder('one'))}` } }, // relative to the file
      executables: {
        hourly: {
          function: 'keeper',
          profile: 'ops',
          trigger: { type: 'cron', cronspec: '0 * * * *' },
          args: { threshold: 5 },
          secrets: { API_KEY: 'api_key' },
          gas: { mode: 'self', maxFeePerGas: '100000000000' },
          alerts: { consecutive_failures: { params: { count: 4 }, channels: ['oncall'] } },
        },
        nightly: {
          function: 'keeper',
          profile: 'backup',
          trigger: { type: 'interval', intervalMs: 86_400_000 },
          state: 'paused',
        },
      },
      alerts: { dead_man: { params: { graceSeconds: 600 }, channels: ['oncall'] } },
    });
    const plan = await planOf(target, file);
    expect(plan.uploads.map((u) => `${u.name}@${u.tag}`)).toEqual(['keeper@v1']);
    expect(plan.executables.map((e) => `${e.action} ${e.name}`)).toEqual(['create hourly', 'create nightly']);
    const done = await applyPlan(target, plan);
    expect(actions(done)).toEqual([
      'uploaded function keeper@v1',
      'created executable hourly',
      'created executable nightly',
      'created alert rule dead_man of the project',
      'created alert rule consecutive_failures of hourly',
    ]);

    const live = await executables(target, project.id);
    const hourly = live.find((e) => e.name === 'hourly') as ExecutableRecord;
    const nightly = live.find((e) => e.name === 'nightly') as ExecutableRecord;
    expect(hourly).toMatchObject({
      state: 'active',
      trigger: { type: 'cron', cronspec: '0 * * * *' },
      args: '{"threshold":5}',
      gasMode: 'self',
      maxFeePerGas: '100000000000',
    });
    expect(hourly.secretBindings.map((b) => b.envKey)).toEqual(['API_KEY']);
    expect(nightly).toMatchObject({ state: 'paused', trigger: { type: 'interval', intervalMs: 86_400_000 } });
    const rules = await api(`/api/v1/alert-rules?projectId=${project.id}`, { token: owner.token });
    expect(
      rules.body.data
        .map((r: { kind: string; executableId: string | null }) => [r.kind, r.executableId])
        .sort(),
    ).toEqual(
      [
        ['consecutive_failures', hourly.id],
        ['dead_man', null],
      ].sort(),
    );

    const again = await planOf(target, file);
    expect(planChanges(again)).toBe(0);
    expect(await applyPlan(target, again)).toEqual([]);

    // export writes the live project; a plan of the export finds nothing to do
    const exported = exportProject(await readLive(target, project.id));
    expect(exported.executables?.hourly).toMatchObject({
      function: 'keeper@v1',
      profile: 'ops',
      secrets: { API_KEY: 'api_key' },
      alerts: { consecutive_failures: { params: { count: 4 }, channels: ['oncall'] } },
    });
    expect(exported.executables?.nightly).toMatchObject({
      function: 'keeper@v1',
      profile: 'backup',
      state: 'paused',
    });
    expect(exported.alerts).toEqual({ dead_man: { params: { graceSeconds: 600 }, channels: ['oncall'] } });
    expect(planChanges(await planOf(target, writeFile(exported)))).toBe(0);
  });

  it('an edited trigger and args plan as two facet updates and apply as two PATCHes; a function change pauses, switches and resumes', async () => {
    const { project, target } = await world();
    const one = taskFolder('one');
    const two = taskFolder('two');
    const doc = (folder: string, trigger: unknown, args: unknown) => ({
      version: 1,
      project: project.id,
      functions: { keeper: { path: folder } },
      executables: { job: { function: 'keeper', profile: 'ops', trigger, args } },
    });
    const every = { type: 'interval', intervalMs: 3_600_000 };
    await applyPlan(target, await planOf(target, writeFile(doc(one, every, { n: 1 }))));
    const [before] = await executables(target, project.id);

    const edited = await planOf(
      target,
      writeFile(doc(one, { type: 'cron', cronspec: '*/5 * * * *' }, { n: 2 })),
    );
    const update = edited.executables[0];
    expect(update.action).toBe('update');
    if (update.action !== 'update') return;
    expect(update.switch).toBeNull();
    expect(update.facets.map((f) => [f.facet, f.from, f.to])).toEqual([
      ['trigger', 'every 3600 s', 'cron "*/5 * * * *"'],
      ['args', '{"n":1}', '{"n":2}'],
    ]);
    const patched = await applyPlan(target, edited);
    expect(patched.map((d) => `${d.action} ${d.detail}`)).toEqual([
      'updated trigger: every 3600 s → cron "*/5 * * * *"',
      'updated args: {"n":1} → {"n":2}',
    ]);
    const audit = await api(`/api/v1/executables/${before.id}`, { token: owner.token });
    expect(audit.body.data).toMatchObject({
      state: 'active',
      args: '{"n":2}',
      trigger: { cronspec: '*/5 * * * *' },
    });

    const switched = await planOf(
      target,
      writeFile(doc(two, { type: 'cron', cronspec: '*/5 * * * *' }, { n: 2 })),
    );
    expect(switched.uploads.map((u) => `${u.name}@${u.tag}`)).toEqual(['keeper@v2']);
    const done = await applyPlan(target, switched);
    expect(actions(done)).toEqual([
      'uploaded function keeper@v2',
      'paused executable job',
      'switched executable job',
      'resumed executable job',
    ]);
    const [after] = await executables(target, project.id);
    expect(after.id).toBe(before.id);
    expect(after.functionId).not.toBe(before.functionId);
    expect(after.state).toBe('active');
    expect(
      planChanges(
        await planOf(target, writeFile(doc(two, { type: 'cron', cronspec: '*/5 * * * *' }, { n: 2 }))),
      ),
    ).toBe(0);
  });

  it('an executable left out of the file stays without --prune and is deleted with it', async () => {
    const { project, target } = await world();
    const folder = taskFolder('prune');
    const both = {
      version: 1,
      project: project.id,
      functions: { keeper: { path: folder } },
      executables: {
        a: { function: 'keeper', profile: 'ops', trigger: { type: 'interval', intervalMs: 3_600_000 } },
        b: { function: 'keeper', profile: 'ops', trigger: { type: 'interval', intervalMs: 3_600_000 } },
      },
    };
    await applyPlan(target, await planOf(target, writeFile(both)));
    const onlyA = writeFile({ ...both, executables: { a: both.executables.a } });

    const kept = await planOf(target, onlyA);
    expect(kept.executables.map((e) => `${e.action} ${e.name}`)).toEqual(['keep b']);
    expect(planChanges(kept)).toBe(0);
    expect(await applyPlan(target, kept)).toEqual([]);
    expect((await executables(target, project.id)).map((e) => e.name).sort()).toEqual(['a', 'b']);

    const pruned = await planOf(target, onlyA, true);
    expect(pruned.executables.map((e) => `${e.action} ${e.name}`)).toEqual(['delete b']);
    expect(actions(await applyPlan(target, pruned))).toEqual(['deleted executable b']);
    expect((await executables(target, project.id)).map((e) => e.name)).toEqual(['a']);
  });

  it('the CLI: plan exits 2 with a difference and 0 without; a bad file is a JSON error naming the field', async () => {
    const { project } = await world();
    const file = writeFile({
      version: 1,
      project: project.id,
      functions: { keeper: { path: taskFolder('cli') } },
      executables: {
        job: { function: 'keeper', profile: 'ops', trigger: { type: 'interval', intervalMs: 3_600_000 } },
      },
    });
    const env = {
      TICKWORK_TOKEN: owner.token,
      TICKWORK_WORKSPACE_ID: owner.workspaceId,
      TICKWORK_API_URL: stack().baseUrl,
    };
    const planned = await tickwork(['plan', '--file', file], { env });
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toContain('+ function keeper@v1: upload');
    expect(planned.stdout).toContain('+ executable job: keeper@v1 on ops, every 3600 s, active');
    expect(planned.stdout).toContain('Plan: 1 to upload, 1 to create, 0 to update, 0 to delete.');
    const applied = await tickwork(['apply', '--file', file, '--json'], { env });
    expect(applied.code, applied.stderr).toBe(0);
    expect(JSON.parse(applied.stdout).done.map((d: Done) => d.action)).toEqual(['uploaded', 'created']);
    const clean = await tickwork(['plan', '--file', file], { env });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toContain('No changes: the project matches the file.');

    const bad = writeFile({
      version: 1,
      project: project.id,
      executables: {
        job: { function: 'keeper', profile: 'ops', trigger: { type: 'interval', intervalMs: 'soon' } },
      },
    });
    const refused = await tickwork(['plan', '--file', bad], { env });
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    const error = JSON.parse(refused.stderr.trim().split('\n').at(-1) as string);
    expect(error).toMatchObject({
      code: 'invalid_file',
      details: [{ path: 'executables.job.trigger.intervalMs' }],
    });
  });
});

describe('the JSON Schema editors complete tickwork.yaml with', () => {
  it('GET /schemas/tickwork.json answers it without credentials; it accepts an exported file and names a wrong field', async () => {
    const res = await fetch(`${stack().baseUrl}/schemas/tickwork.json`);
    expect(res.status).toBe(200);
    const schema = await res.json();
    expect(Object.keys(schema.properties)).toEqual([
      '$schema',
      'version',
      'project',
      'functions',
      'executables',
      'alerts',
    ]);
    const validate = new Ajv({ strict: false }).compile(schema);
    const good = {
      version: 1,
      project: 'ops',
      executables: {
        job: { function: 'keeper@v1', profile: 'ops', trigger: { type: 'cron', cronspec: '0 * * * *' } },
      },
    };
    expect(validate(good), JSON.stringify(validate.errors)).toBe(true);
    const bad = { ...good, executables: { job: { ...good.executables.job, trigger: { type: 'hourly' } } } };
    expect(validate(bad)).toBe(false);
  });
});
