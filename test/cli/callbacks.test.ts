import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type CliRun, tickwork } from '../support/cli';
import { newProject, newWorkspace } from '../support/fixtures';
import { api } from '../support/http';

// The CLI and callbacks: `bundle` prints the callbacks the task defines, `upload` without --callbacks sends them
// as definedCallbacks (detected by loading index.js in the sandbox's isolate), and `test --callback` runs one.

const tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-callbacks-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const TASK = `import { defineTask } from '@tickwork/sdk';
export default defineTask({
  run: async () => ({ canExec: false, message: 'run ran' }),
  onSuccess: async (ctx, { transactionHash }) => {
    await ctx.storage.set('hash', transactionHash);
    ctx.log.info('onSuccess', transactionHash);
    return 'ignored';
  },
  onFail: async (ctx, event) => {
    if (event.reason === 'InsufficientFunds') throw new Error('top up the profile');
    await ctx.storage.set('reason', event.reason);
  },
});
`;

function json(run: CliRun) {
  expect(run.code, run.stderr).toBe(0);
  return JSON.parse(run.stdout.trim());
}

function taskFolder(name: string, source: string) {
  const dir = path.join(tmp, name);
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'index.ts'), source);
  return dir;
}

const HASH = `0x${'9a'.repeat(32)}`;

describe('callbacks in the CLI', { timeout: 120_000 }, () => {
  it('bundle prints the callbacks; upload detects them and sends definedCallbacks', async () => {
    const dir = taskFolder('both', TASK);
    const zip = path.join(tmp, 'both.zip');
    const bundled = json(await tickwork(['bundle', dir, '--out', zip]));
    expect(bundled.callbacks).toEqual(['onSuccess', 'onFail']);

    const plain = taskFolder(
      'plain',
      `export default { __tickworkTask: 1, run: async () => ({ canExec: false }) };\n`,
    );
    const plainZip = path.join(tmp, 'plain.zip');
    expect(json(await tickwork(['bundle', plain, '--out', plainZip])).callbacks).toEqual([]);

    const owner = await newWorkspace({ plan: 'pro' });
    const project = await newProject(owner.workspaceId);
    const env = {
      TICKWORK_TOKEN: owner.token,
      TICKWORK_API_URL: inject('baseUrl'),
      TICKWORK_WORKSPACE_ID: owner.workspaceId,
    };
    const uploaded = json(await tickwork(['upload', zip, '--project', project.id], { env }));
    expect(uploaded).toMatchObject({ created: true, definedCallbacks: ['onSuccess', 'onFail'] });
    const release = await api(`/api/v1/functions/${uploaded.taskId}`, { token: owner.token });
    expect(release.body.data.definedCallbacks).toEqual(['onSuccess', 'onFail']);

    // --callbacks overrides the detection
    const given = json(
      await tickwork(['upload', zip, '--project', project.id, '--name', 'given', '--callbacks', 'onFail'], {
        env,
      }),
    );
    expect(given.definedCallbacks).toEqual(['onFail']);
    const plainUp = json(await tickwork(['upload', plainZip, '--project', project.id], { env }));
    const plainRelease = await api(`/api/v1/functions/${plainUp.taskId}`, { token: owner.token });
    expect(plainRelease.body.data.definedCallbacks).toEqual([]);
  });

  it('test --callback runs onSuccess / onFail locally with the event the flags give', async () => {
    const dir = taskFolder('local', TASK);
    const storage = path.join(tmp, 'storage.json');
    writeFileSync(storage, '{"before":true}');
    const rpc = ['--rpc-url', inject('rpcUrl')];
    const success = json(
      await tickwork([
        'test',
        dir,
        ...rpc,
        '--callback',
        'onSuccess',
        '--tx-hash',
        HASH,
        '--storage',
        storage,
        '--save-storage',
        '--json',
      ]),
    );
    expect(success).toMatchObject({ ok: true, callback: 'returned', result: null, error: null });
    expect(success.logs.map((l: { message: string }) => l.message)).toEqual([`onSuccess ${HASH}`]);
    expect(JSON.parse(readFileSync(storage, 'utf8'))).toEqual({ before: true, hash: HASH });

    const reverted = json(
      await tickwork([
        'test',
        dir,
        ...rpc,
        '--callback',
        'onFail',
        '--reason',
        'ExecutionReverted',
        '--tx-hash',
        HASH,
        '--json',
      ]),
    );
    expect(reverted.storage.after).toEqual({ reason: 'ExecutionReverted' });

    const poor = await tickwork([
      'test',
      dir,
      ...rpc,
      '--callback',
      'onFail',
      '--reason',
      'InsufficientFunds',
      '--json',
    ]);
    expect(poor.code).toBe(1);
    expect(JSON.parse(poor.stdout).error).toEqual({
      code: 'task_threw',
      message: 'onFail threw: top up the profile',
    });

    const bad = await tickwork(['test', dir, ...rpc, '--callback', 'onSuccess']);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toContain('--tx-hash');
  });
});
