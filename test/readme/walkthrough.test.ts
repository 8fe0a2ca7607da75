import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPublicClient, http } from 'viem';
import { foundry } from 'viem/chains';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER } from '@/lib/chains/demo/artifacts';
import { api } from '../support/http';

// The README's first-hour walk-through, executed as written: every ```bash block between the walkthrough
// markers, in order, in one bash session against the test deployment. A README edit that breaks a step
// breaks this test.

const README = readFileSync('README.md', 'utf8');

/** The bash blocks between `<!-- walkthrough:start -->` and `<!-- walkthrough:end -->`. */
function walkthroughBlocks(): string[] {
  const section = /<!-- walkthrough:start -->([\s\S]*?)<!-- walkthrough:end -->/.exec(README)?.[1];
  if (!section) throw new Error('README.md has no walkthrough markers');
  return [...section.matchAll(/```bash\n([\s\S]*?)```/g)].map((match) => match[1]);
}

const tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-readme-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** Runs the blocks with `set -euo pipefail`; answers stdout and the variables the walk-through set. */
function runWalkthrough(blocks: string[]) {
  const envFile = path.join(tmp, 'env.json');
  const script = [
    'set -euo pipefail',
    'set -a', // every variable the walk-through assigns is exported, so the test can read it afterwards
    ...blocks,
    `node -e 'process.stdout.write(JSON.stringify(process.env))' > '${envFile}'`,
  ].join('\n');
  return new Promise<{ code: number; stdout: string; stderr: string; vars: Record<string, string> }>(
    (resolve) => {
      const child = spawn('bash', ['-c', script], {
        env: {
          ...process.env,
          TICKWORK_API_URL: inject('baseUrl'),
          TICKWORK_LOCAL_RPC_URL: inject('rpcUrl'),
          DATABASE_URL: inject('databaseUrl'),
          XDG_CONFIG_HOME: tmp,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => {
        stdout += chunk;
      });
      child.stderr.on('data', (chunk) => {
        stderr += chunk;
      });
      child.on('exit', (code) => {
        let vars: Record<string, string> = {};
        try {
          vars = JSON.parse(readFileSync(envFile, 'utf8'));
        } catch {}
        resolve({ code: code ?? 1, stdout, stderr, vars });
      });
    },
  );
}

describe("the README's walk-through", () => {
  it('covers every step of the first hour', () => {
    const script = walkthroughBlocks().join('\n');
    for (const step of [
      'admin workspace create',
      'admin key create',
      '/api/v1/projects',
      'tickwork -- bundle',
      'tickwork -- upload',
      '/api/v1/profiles',
      'profiles fund',
      '/api/v1/executables',
      '/simulate',
      '/run',
      '/logs',
      '/webhooks',
      'WEBHOOK_URL',
    ])
      expect(script, step).toContain(step);
  });

  it('ends with a confirmed run that changed the demo counter and a webhook call answered 200', async () => {
    const { code, stdout, stderr, vars } = await runWalkthrough(walkthroughBlocks());
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    const token = vars.TOKEN;
    expect(vars.WS).toMatch(/^ws_/);
    expect(vars.PROJECT).toMatch(/^prj_/);
    expect(vars.FUNCTION).toMatch(/^fn_/);
    expect(vars.PROFILE).toMatch(/^prf_/);
    expect(vars.EXE).toMatch(/^exe_/);

    const simulation = await api(`/api/v1/executions/${vars.SIMULATION}`, { token });
    expect(simulation.body.data).toMatchObject({ status: 'skipped', dryRun: true, txHash: null });

    const run = await api(`/api/v1/executions/${vars.RUN}`, { token });
    expect(run.body.data).toMatchObject({ status: 'confirmed', txHash: expect.stringMatching(/^0x/) });
    expect(stdout).toContain(run.body.data.txHash);

    const profile = await api(`/api/v1/profiles/${vars.PROFILE}`, { token });
    const chain = createPublicClient({ chain: foundry, transport: http(inject('rpcUrl')) });
    const increments = await chain.readContract({
      address: LOCAL_DEMO_CONTRACTS.counter,
      abi: DEMO_COUNTER.abi,
      functionName: 'incrementsBy',
      args: [profile.body.data.address],
    });
    expect(increments).toBe(1n);
    // 10 ETH when it became active, 5 from `profiles fund`, less the gas of one run
    expect(Number(profile.body.data.balance.wei) / 1e18).toBeGreaterThan(14.9);

    const [hookBody, hookStatus] = vars.HOOK.split('\n');
    expect(hookStatus).toBe('200');
    expect(JSON.parse(hookBody).data).toMatchObject({
      status: 'skipped',
      message: 'run 2: skipping every other run',
    });
  }, 240_000);
});
