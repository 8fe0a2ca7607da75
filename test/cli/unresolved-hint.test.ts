// esbuild's "Could not resolve" errors with the one hint `tickwork bundle` adds (no stack needed).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Message } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRelease } from '@/lib/functions/build/build-release';
import { unresolvedHint } from '@/lib/functions/build/unresolved-hint';

const tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-unresolved-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const unresolved = (spec: string, file: string) =>
  ({
    id: '',
    pluginName: '',
    text: `Could not resolve "${spec}"`,
    location: { file, line: 1, column: 0, length: 0, namespace: 'file', lineText: '', suggestion: '' },
    notes: [],
    detail: undefined,
  }) as Message;

describe('the hint', () => {
  it('names Node built-ins and who imports them', () => {
    expect(
      unresolvedHint(
        [
          unresolved('fs', 'index.js'),
          unresolved('node:path', 'node_modules/dotenv/lib/main.js'),
          unresolved('child_process', 'node_modules/@scope/pkg/index.js'),
        ],
        '/task',
      ),
    ).toBe(
      "fs, path, child_process are Node-only modules (imported by index.js, dotenv, @scope/pkg): a task runs in a sandbox without Node's built-ins; drop the import or use what the sandbox gives (fetch, the run's secrets and storage)",
    );
  });

  it('names relative paths that leave the task folder, and only those', () => {
    expect(
      unresolvedHint(
        [
          unresolved('../../config.dev.yml', 'index.js'),
          unresolved('../abi.json', 'src/index.js'),
          unresolved('./missing.js', 'index.js'),
        ],
        '/task',
      ),
    ).toBe(
      '../../config.dev.yml is outside the task folder: the bundle holds only the folder, so copy it in and import from there',
    );
  });

  it('names packages that are not installed, and gives no hint for other errors', () => {
    expect(unresolvedHint([unresolved('octokit', 'index.ts'), unresolved('@org/x/sub', 'a.js')], '/t')).toBe(
      'octokit, @org/x are not installed in the task folder: npm install octokit @org/x there',
    );
    expect(unresolvedHint([{ ...unresolved('x', 'a.js'), text: 'Unexpected "}"' }], '/t')).toBeNull();
  });
});

describe('tickwork bundle', () => {
  it('adds the hint to the first error', async () => {
    const dir = path.join(tmp, 'templates/detect/autotask');
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      path.join(dir, 'index.js'),
      "import { threshold } from '../../config.dev.yml';\nimport fs from 'fs';\nexport async function handler() { return threshold + fs; }\n",
    );
    await expect(buildRelease(dir)).rejects.toMatchObject({
      message: `esbuild: Could not resolve "../../config.dev.yml" (index.js:1). fs is a Node-only module (imported by index.js): a task runs in a sandbox without Node's built-ins; drop the import or use what the sandbox gives (fetch, the run's secrets and storage). ../../config.dev.yml is outside the task folder: the bundle holds only the folder, so copy it in and import from there`,
      extra: {
        details: [{ text: 'Could not resolve "../../config.dev.yml"' }, { text: 'Could not resolve "fs"' }],
      },
    });
  });
});
