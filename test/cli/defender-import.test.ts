// `tickwork import defender`: OpenZeppelin's own serverless.yml files (test/corpus/public/defender-serverless,
// unmodified) → tickwork.yaml, then applied to the running app. Each file is laid out as its repository had it
// (the action's code beside it; sample.config.yml copied to config.dev.yml, as the template tells its users).
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { applyPlan } from '@/cli/as-code/apply';
import { importDefender } from '@/cli/as-code/defender/import';
import { readLive } from '@/cli/as-code/live';
import { makePlan, planChanges } from '@/cli/as-code/plan';
import { readAsCodeFile } from '@/cli/as-code/read-file';
import { importCommand } from '@/cli/commands/import';
import type { Target } from '@/cli/target';
import { AsCodeFileSchema } from '@/lib/as-code/file-schema';
import type { ExecutableRecord } from '@/lib/executables/schemas';
import { newProject, newWorkspace } from '../support/fixtures';
import { api } from '../support/http';
import { linkAuthorModules, readEntry } from '../support/public-corpus';
import { seedProfile } from '../support/seed';
import { target as stack } from '../support/target';

const CORPUS = path.resolve('test/corpus/public');
let tmp: string;
beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-defender-import-'));
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** governor-automation as defender-templates has it: serverless.yml, its config, autotask-1/index.js. */
function governorFolder() {
  const dir = path.join(tmp, `governor-${Math.random().toString(36).slice(2, 8)}`);
  cpSync(path.join(CORPUS, 'defender-serverless/governor-automation'), dir, { recursive: true });
  copyFileSync(path.join(dir, 'sample.config.yml'), path.join(dir, 'config.dev.yml'));
  mkdirSync(path.join(dir, 'autotask-1'));
  // the template's own package.json installs ethers 5 for it at the repository's root
  linkAuthorModules(
    dir,
    'defender-templates/governor-automation',
    readEntry('defender-templates/governor-automation'),
  );
  for (const file of ['index.js', 'permissions.json']) {
    // permissions.json: what the user adds (the relayer policy's whitelist, as the import's note says)
    copyFileSync(
      path.join(CORPUS, 'defender-templates/governor-automation', file),
      path.join(dir, 'autotask-1', file),
    );
  }
  return dir;
}

describe('import defender', () => {
  it('governor-automation: the schedule from its config, the relayer as a profile, the stack secret by its Defender name', () => {
    const dir = governorFolder();
    const imported = importDefender(path.join(dir, 'serverless.yml'), {
      stage: 'dev',
      project: 'gov',
      outDir: dir,
    });
    expect(AsCodeFileSchema.parse(imported.file)).toEqual(imported.file);
    expect(imported.file).toEqual({
      version: 1,
      project: 'gov',
      functions: { 'autotask-1': { path: 'autotask-1' } },
      executables: {
        'Governor Automation Autotask': {
          function: 'autotask-1',
          profile: 'relayer-1',
          trigger: { type: 'interval', intervalMs: 3_600_000 }, // autotask-frequency: 60 (minutes)
          secrets: {
            governor_automation_GOVERNOR_CONTRACT_ADDRESS: 'governor_automation_GOVERNOR_CONTRACT_ADDRESS',
          },
          state: 'active',
        },
      },
    });
    expect(imported.profiles).toEqual(['relayer-1']);
    expect(imported.unmapped.map((u) => u.item)).toEqual(['relayer relayer-1']);
    expect(imported.unmapped[0].instead).toContain('a profile named "relayer-1" on mainnet');
  });

  it('account-low-on-gas: webhook-only actions come paused; sentinels and notifications are listed with their nearest feature', () => {
    const dir = path.join(tmp, 'low-gas');
    cpSync(path.join(CORPUS, 'defender-serverless/account-low-on-gas'), dir, { recursive: true });
    const imported = importDefender(path.join(dir, 'serverless.yml'), { stage: 'dev', outDir: dir });
    expect(Object.keys(imported.file.executables ?? {})).toEqual([
      'LowGasTemplate_dev_L1_lowOnGas',
      'LowGasTemplate_dev_L2_lowOnGas',
    ]);
    const l1 = imported.file.executables?.LowGasTemplate_dev_L1_lowOnGas;
    expect(l1).toMatchObject({
      profile: 'L1-Reader',
      state: 'paused',
      trigger: { type: 'interval', intervalMs: 86_400_000 },
    });
    expect(imported.secrets).toEqual([
      'LowGasTemplate_dev_L1_LOW_GAS_THRESHOLD',
      'LowGasTemplate_dev_L2_LOW_GAS_THRESHOLD',
    ]);
    const items = imported.unmapped.map((u) => u.item);
    expect(items).toEqual(
      expect.arrayContaining([
        'action low-gas-condition-L1 trigger',
        'action low-gas-condition-L1 path', // autotasks/dist: a build output, not in the repository
        'sentinel account-low-on-gas-L1',
        'notification slack',
        'relayer L1-Reader',
      ]),
    );
    expect(imported.unmapped.find((u) => u.item === 'action low-gas-condition-L1 trigger')?.reason).toContain(
      'webhook only',
    );
  });

  it("defender-as-code's template (the current layout): the policy's gas price cap and private transactions carry over", () => {
    const dir = path.join(tmp, 'dac');
    cpSync(path.join(CORPUS, 'defender-serverless/defender-as-code-template'), dir, { recursive: true });
    const imported = importDefender(path.join(dir, 'serverless.yml'), { stage: 'dev', outDir: dir });
    expect(imported.file.executables?.['Hello world from serverless']).toEqual({
      function: 'action-example-1',
      profile: 'relayer-1',
      // frequency 1500 minutes: more than Tickwork's one-day interval
      trigger: { type: 'interval', intervalMs: 86_400_000 },
      gas: { mode: 'self', maxFeePerGas: '1000000000000', privateSubmission: 'only' },
      state: 'paused',
    });
    expect(imported.unmapped.map((u) => u.item)).toEqual(
      expect.arrayContaining([
        'action action-example-1 path',
        'action action-example-1 schedule',
        'action action-example-1 environment-variables',
        'relayer relayer-1 whitelist-receivers',
        'contract contract-1',
      ]),
    );
  });

  it('the imported governor-automation applies to the running app; a plan afterwards finds nothing to do', async () => {
    const dir = governorFolder();
    const owner = await newWorkspace({ plan: 'pro' });
    const project = await newProject(owner.workspaceId);
    await seedProfile(owner.workspaceId, project.id, { name: 'relayer-1' });
    const secret = await api('/api/v1/secrets', {
      method: 'POST',
      token: owner.token,
      body: {
        projectId: project.id,
        name: 'governor_automation_GOVERNOR_CONTRACT_ADDRESS',
        value: '0x00000000000000000000000000000000000c0de1',
      },
    });
    expect(secret.status, secret.text).toBe(201);

    const out = path.join(dir, 'tickwork.yaml');
    const summary = await importCommand([
      'defender',
      path.join(dir, 'serverless.yml'),
      '--project',
      project.slug,
    ]);
    expect(summary).toMatchObject({ path: out, functions: ['autotask-1'], profiles: ['relayer-1'] });
    const text = readFileSync(out, 'utf8');
    expect(text).toMatch(/^# Imported from serverless.yml/);
    expect(text).toContain('# - relayer relayer-1: relayer keys are never exported from Defender');
    expect(parse(text).project).toBe(project.slug);

    const target: Target = { api: stack().baseUrl, token: owner.token, workspaceId: owner.workspaceId };
    const planFor = async () => {
      const loaded = readAsCodeFile(out);
      return makePlan(loaded.file, loaded.dir, await readLive(target, project.slug), {
        prune: false,
        reservedTags: async () => ['latest'],
      });
    };
    const done = await applyPlan(target, await planFor());
    expect(done.map((d) => `${d.action} ${d.subject}`)).toEqual([
      'uploaded function autotask-1@v1',
      'created executable Governor Automation Autotask',
    ]);
    const listed = await api(`/api/v1/executables?projectId=${project.id}`, { token: owner.token });
    const [exe] = listed.body.data as ExecutableRecord[];
    expect(exe).toMatchObject({
      name: 'Governor Automation Autotask',
      state: 'active',
      trigger: { intervalMs: 3_600_000 },
    });
    expect(exe.secretBindings.map((b) => b.envKey)).toEqual([
      'governor_automation_GOVERNOR_CONTRACT_ADDRESS',
    ]);
    expect(planChanges(await planFor())).toBe(0);
  });
});
