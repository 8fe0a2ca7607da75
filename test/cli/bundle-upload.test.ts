import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { type Address, encodeFunctionData, erc20Abi, type Hex, parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Json, Task, TaskContext, TaskResult } from '@/sdk/index';
import { type CliRun as Run, tickwork as runCli } from '../support/cli';
import { newProject, newWorkspace } from '../support/fixtures';
import { api } from '../support/http';

const EXAMPLES = ['storage-counter', 'balance-threshold', 'webhook-args'] as const;
const examplePath = (name: string, file = '') => path.resolve('examples/tasks', name, file);

let tmp: string;
/** An empty config home, so a developer's own `tickwork login` never leaks into the tests. */
let configHome: string;

beforeAll(() => {
  tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-bundle-'));
  configHome = path.join(tmp, 'config');
  mkdirSync(configHome);
});
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/** The CLI with only the given TICKWORK_* variables. */
const tickwork = (args: string[], env: Record<string, string> = {}) => runCli(args, { configHome, env });

/** stdout holds exactly one JSON document and nothing else. */
function json(run: Run) {
  expect(run.code, run.stderr).toBe(0);
  const lines = run.stdout.split('\n').filter((l) => l !== '');
  expect(lines, run.stdout).toHaveLength(1);
  return JSON.parse(lines[0]);
}

/** A failure: non-zero exit, nothing on stdout, a JSON error line on stderr. */
function failure(run: Run): Record<string, any> {
  expect(run.code).not.toBe(0);
  expect(run.stdout).toBe('');
  const line = run.stderr
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .at(-1);
  expect(line, run.stderr).toBeDefined();
  const parsed = JSON.parse(line as string);
  expect(typeof parsed.error).toBe('string');
  return parsed;
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

const bundleTo = (name: string, out: string) => tickwork(['bundle', `examples/tasks/${name}`, '--out', out]);

/** Imports a bundled index.js as an ES module in this process. */
async function loadTask(indexJs: Uint8Array, name: string): Promise<Task<any>> {
  const file = path.join(tmp, `${name}-${sha256(indexJs).slice(0, 8)}.mjs`);
  writeFileSync(file, indexJs);
  const mod = await import(pathToFileURL(file).href);
  expect(Object.keys(mod)).toEqual(['default']);
  expect(mod.default.__tickworkTask).toBe(1);
  expect(typeof mod.default.run).toBe('function');
  return mod.default;
}

type FakeChain = { balance?: bigint; tokenBalance?: bigint };

/** A small task context: in-memory storage, a fake chain answering eth_chainId/eth_getBalance/eth_call. */
function fakeContext<Args>(args: Args, chainState: FakeChain = {}, store = new Map<string, Json>()) {
  const requests: { method: string; params?: unknown }[] = [];
  const logs: string[] = [];
  const line = (...values: unknown[]) => logs.push(values.map(String).join(' '));
  const ctx: TaskContext<Args> = {
    args,
    storage: {
      get: async <T extends Json = Json>(key: string) => store.get(key) as T | undefined,
      set: async (key, value) => void store.set(key, value),
      delete: async (key) => void store.delete(key),
      getAll: async () => Object.fromEntries(store),
    },
    secrets: { get: async () => undefined, getAll: async () => ({}) },
    chain: {
      id: 31337,
      request: async <T = unknown>({ method, params }: { method: string; params?: unknown }) => {
        requests.push({ method, params });
        const answer = (v: unknown) => v as T;
        if (method === 'eth_chainId') return answer('0x7a69');
        if (method === 'eth_getBalance') return answer(`0x${(chainState.balance ?? 0n).toString(16)}`);
        if (method === 'eth_call')
          return answer(`0x${(chainState.tokenBalance ?? 0n).toString(16).padStart(64, '0')}`);
        throw new Error(`unexpected ${method}`);
      },
    },
    fetch: async () => {
      throw new Error('no fetch in this test');
    },
    log: { debug: line, info: line, warn: line, error: line },
    execution: {
      id: 'exn_test',
      executableId: 'exe_test',
      sender: '0x0000000000000000000000000000000000000001',
      trigger: 'manual',
      scheduledAt: new Date().toISOString(),
      dryRun: false,
    },
  };
  return { ctx, requests, logs, store };
}

const permittedTo = (name: string): Address =>
  JSON.parse(readFileSync(examplePath(name, 'permissions.json'), 'utf8')).calls[0].to;

describe('tickwork bundle + upload of the example tasks', { timeout: 120_000 }, () => {
  it.each(EXAMPLES)(
    '%s: deterministic self-contained bundle, upload v1, byte-identical source, tag rules',
    async (name) => {
      const [first, second] = await Promise.all([
        bundleTo(name, path.join(tmp, name, `${name}.zip`)),
        bundleTo(name, path.join(tmp, name, 'again', `${name}.zip`)),
      ]);
      const a = json(first);
      const b = json(second);
      expect(Object.keys(a).sort()).toEqual(['callbacks', 'checkSum', 'path']);
      expect(a.callbacks).toEqual([]);
      expect(a.path).toBe(path.join(tmp, name, `${name}.zip`));
      const zip = readFileSync(a.path);
      expect(a.checkSum).toBe(sha256(zip));
      expect(b.checkSum).toBe(a.checkSum);
      expect(readFileSync(b.path).equals(zip)).toBe(true);
      expect(zip.length).toBeLessThan(5 * 1024 * 1024);

      const entries = unzipSync(zip);
      // the args schema rides along, so an upload needs no --schema and the console builds the args form from it
      expect(Object.keys(entries).sort()).toEqual(['index.js', 'permissions.json', 'schema.json']);
      expect(Buffer.from(entries['schema.json']).equals(readFileSync(examplePath(name, 'schema.json')))).toBe(
        true,
      );
      const indexJs = new TextDecoder().decode(entries['index.js']);
      expect(indexJs).not.toMatch(/^\s*import[\s{*'"]/m);
      expect(indexJs).not.toMatch(/\bimport\s*\(/);
      expect(indexJs).not.toMatch(/\brequire\s*\(/);
      expect(indexJs).toMatch(/export\s*\{[^}]*\bas default\b/);
      expect(indexJs).toContain('__tickworkTask');
      expect(
        Buffer.from(entries['permissions.json']).equals(readFileSync(examplePath(name, 'permissions.json'))),
      ).toBe(true);

      const owner = await newWorkspace({ plan: 'pro' });
      const project = await newProject(owner.workspaceId);
      const env = {
        TICKWORK_TOKEN: owner.token,
        TICKWORK_API_URL: inject('baseUrl'),
        TICKWORK_WORKSPACE_ID: owner.workspaceId,
      };
      const schemaFile = examplePath(name, 'schema.json');
      const uploaded = json(
        await tickwork(['upload', a.path, '--project', project.id, '--callbacks', 'onFail'], env),
      );
      expect(uploaded).toEqual({
        taskId: expect.stringMatching(/^fn_/),
        versionTag: 'v1',
        created: true,
        definedCallbacks: ['onFail'],
      });

      const release = await api(`/api/v1/functions/${uploaded.taskId}`, { token: owner.token });
      expect(release.body.data).toMatchObject({
        name,
        versionTag: 'v1',
        checksum: a.checkSum,
        size: zip.length,
        schema: readFileSync(schemaFile, 'utf8'),
        definedCallbacks: ['onFail'],
        permissions: JSON.parse(readFileSync(examplePath(name, 'permissions.json'), 'utf8')),
      });

      const source = await api(`/api/v1/functions/${uploaded.taskId}/source`, { token: owner.token });
      expect(source.status, source.text).toBe(200);
      expect(source.body.data.checksum).toBe(a.checkSum);
      const served = source.body.data.files as {
        path: string;
        encoding: 'utf8' | 'base64';
        content: string;
      }[];
      expect(served.map((f) => f.path).sort()).toEqual(Object.keys(entries).sort());
      for (const file of served) {
        expect(
          Buffer.from(file.content, file.encoding).equals(Buffer.from(entries[file.path])),
          file.path,
        ).toBe(true);
      }

      const [untagged, repeat] = await Promise.all([
        tickwork(['upload', a.path, '--project', project.id], env),
        tickwork(['upload', a.path, '--project', project.id, '--tag', 'v1'], env),
      ]);
      const refused = failure(untagged);
      expect(refused).toMatchObject({
        code: 'version_tag_required',
        status: 400,
        suggestedVersionTag: 'v2',
        reservedVersionTags: ['latest', 'v1'],
      });
      expect(refused.error).toContain('--tag v2');
      expect(json(repeat)).toEqual({
        taskId: uploaded.taskId,
        versionTag: 'v1',
        created: false,
        definedCallbacks: [],
      });
    },
  );

  it('storage-counter: counts in storage, skips every other run, else calls increment()', async () => {
    const { path: zipPath } = json(await bundleTo('storage-counter', path.join(tmp, 'run', 'counter.zip')));
    const task = await loadTask(unzipSync(readFileSync(zipPath))['index.js'], 'counter');
    const counter = permittedTo('storage-counter');
    const store = new Map<string, Json>();
    const results: TaskResult[] = [];
    for (let i = 0; i < 4; i++) results.push(await task.run(fakeContext({ counter }, {}, store).ctx));
    const increment = encodeFunctionData({
      abi: parseAbi(['function increment()']),
      functionName: 'increment',
    });
    expect(results.map((r) => r.canExec)).toEqual([true, false, true, false]);
    expect(results[0]).toMatchObject({ calls: [{ to: counter, data: increment }] });
    expect(results[1]).toEqual({ canExec: false, message: 'run 2: skipping every other run' });
    expect(store.get('runs')).toBe(4);
    const bad = await task.run(fakeContext({ counter: 'nope' }).ctx);
    expect(bad.canExec).toBe(false);
  });

  it('balance-threshold: reads the balance through ctx.chain, returns topUp only below the threshold', async () => {
    const { path: zipPath } = json(
      await bundleTo('balance-threshold', path.join(tmp, 'run', 'threshold.zip')),
    );
    const task = await loadTask(unzipSync(readFileSync(zipPath))['index.js'], 'threshold');
    const account: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
    const token: Address = '0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0';
    const refill = permittedTo('balance-threshold');
    const topUp = encodeFunctionData({
      abi: parseAbi(['function topUp(address account)']),
      functionName: 'topUp',
      args: [account],
    });

    const native = { balance: 10n ** 18n };
    const below = fakeContext({ account, refill, threshold: (10n ** 18n + 1n).toString() }, native);
    expect(await task.run(below.ctx)).toMatchObject({ canExec: true, calls: [{ to: refill, data: topUp }] });
    expect(below.requests).toEqual([{ method: 'eth_getBalance', params: [account, 'latest'] }]);
    const atThreshold = fakeContext({ account, refill, threshold: (10n ** 18n).toString() }, native);
    const skipped = await task.run(atThreshold.ctx);
    expect(skipped.canExec).toBe(false);
    expect(skipped.message).toContain('not below the threshold');

    const erc20 = { balance: 0n, tokenBalance: 500n };
    const tokenBelow = fakeContext({ account, token, refill, threshold: '501' }, erc20);
    expect(await task.run(tokenBelow.ctx)).toMatchObject({
      canExec: true,
      calls: [{ to: refill, data: topUp }],
    });
    const balanceOf = encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [account] });
    expect(tokenBelow.requests).toEqual([
      { method: 'eth_call', params: [{ to: token, data: balanceOf }, 'latest'] },
    ]);
    expect(
      (await task.run(fakeContext({ account, token, refill, threshold: '500' }, erc20).ctx)).canExec,
    ).toBe(false);
  });

  it('webhook-args: builds transfer(recipient, amount) calldata on the permitted token', async () => {
    const { path: zipPath } = json(await bundleTo('webhook-args', path.join(tmp, 'run', 'webhook.zip')));
    const task = await loadTask(unzipSync(readFileSync(zipPath))['index.js'], 'webhook');
    const recipient: Address = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC';
    const { ctx, logs } = fakeContext({ recipient, amount: '1234567890123456789012' });
    const expected: Hex = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [recipient, 1234567890123456789012n],
    });
    expect(await task.run(ctx)).toEqual({
      canExec: true,
      message: `transfer 1234567890123456789012 to ${recipient}`,
      calls: [{ to: permittedTo('webhook-args'), data: expected }],
    });
    expect(logs).toEqual([`manual run: transfer 1234567890123456789012 to ${recipient}`]);
    for (const args of [
      { recipient, amount: '0' },
      { recipient, amount: '1.5' },
      { recipient: '0x1234', amount: '1' },
    ]) {
      expect((await task.run(fakeContext(args).ctx)).canExec).toBe(false);
    }
  });

  it('upload with the credentials file of `login`, and the refusals without credentials', async () => {
    const owner = await newWorkspace({ plan: 'pro' });
    const project = await newProject(owner.workspaceId);
    const { path: zipPath } = json(await bundleTo('webhook-args', path.join(tmp, 'creds', 'payout.zip')));

    const noCredentials = failure(await tickwork(['upload', zipPath, '--project', project.id]));
    expect(noCredentials.error).toContain('TICKWORK_TOKEN');
    const noWorkspace = failure(
      await tickwork(['upload', zipPath, '--project', project.id], {
        TICKWORK_TOKEN: owner.token,
        TICKWORK_API_URL: inject('baseUrl'),
      }),
    );
    expect(noWorkspace.error).toContain('--workspace');

    mkdirSync(path.join(configHome, 'tickwork'), { recursive: true });
    writeFileSync(
      path.join(configHome, 'tickwork', 'credentials.json'),
      JSON.stringify({ apiUrl: inject('baseUrl'), token: owner.token, workspaceId: owner.workspaceId }),
    );
    try {
      const uploaded = json(await tickwork(['upload', zipPath, '--project', project.id, '--tag', 'first']));
      expect(uploaded).toMatchObject({ versionTag: 'first', created: true });
      const list = await api(`/api/v1/functions?projectId=${project.id}&name=payout`, { token: owner.token });
      expect(list.body.data.map((r: any) => r.id)).toEqual([uploaded.taskId]);
    } finally {
      rmSync(path.join(configHome, 'tickwork'), { recursive: true, force: true });
    }
  });

  it('bundle refuses bad permissions, leftover imports and a missing default export', async () => {
    const task = (files: Record<string, string>) => {
      const dir = mkdtempSync(path.join(tmp, 'bad-'));
      for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
      return dir;
    };
    const ok = `import { defineTask } from '@tickwork/sdk';\nexport default defineTask({ run: () => ({ canExec: false }) });\n`;
    const [badPermissions, nodeImport, noDefault, noEntry] = await Promise.all([
      tickwork([
        'bundle',
        task({ 'index.ts': ok, 'permissions.json': '{"calls":[{"to":"0x12","functions":["nope"]}]}' }),
      ]),
      tickwork([
        'bundle',
        task({ 'index.ts': `import { readFileSync } from 'node:fs';\n${ok}readFileSync;\n` }),
      ]),
      tickwork(['bundle', task({ 'index.ts': `export const run = () => ({ canExec: false });\n` })]),
      tickwork(['bundle', task({ 'README.md': '# nothing' })]),
    ]);
    const permissions = failure(badPermissions);
    expect(permissions.code).toBe('invalid_permissions');
    expect(permissions.details.map((d: any) => d.path).sort()).toEqual(['calls.0.functions.0', 'calls.0.to']);
    expect(failure(nodeImport).error).toContain('node:fs');
    expect(failure(noDefault).error).toContain('default export');
    expect(failure(noEntry).error).toContain('index.ts');
  });
});
