// Node's local-run block (`if (require.main === module) { require('dotenv').config(); … }`), which every
// Defender autotask example ends with, without the service: bundled away and never run; a require elsewhere is
// still refused, with a hint.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRelease } from '@/lib/functions/build/build-release';
import { DEFAULT_TASK_LIMITS, runTask } from '@/lib/runtime/task-runner';
import { chainOnlyHost, taskInput } from '../support/tasks';

const tmp = mkdtempSync(path.join(tmpdir(), 'tickwork-local-run-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const host = chainOnlyHost(async (method) => {
  throw new Error(`unexpected ${method}`);
});

/** A folder with `files` and a stand-in `dotenv` package that, like the real one, needs Node's fs. */
function actionFolder(name: string, files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmp, `${name}-`));
  for (const [file, text] of Object.entries(files)) writeFileSync(path.join(dir, file), text);
  const dotenv = path.join(dir, 'node_modules/dotenv');
  mkdirSync(dotenv, { recursive: true });
  writeFileSync(path.join(dotenv, 'package.json'), '{ "name": "dotenv", "main": "main.js" }');
  writeFileSync(path.join(dotenv, 'main.js'), "const fs = require('fs');\nexports.config = () => fs;\n");
  return dir;
}

/** The block replaces the handler: a run answering 'local' would mean it ran. */
const localRun = (test: string) => `
if (${test}) {
  require('dotenv').config();
  exports.handler = async () => 'local';
  exports.handler().then(() => process.exit(0));
}
`;

describe('the local-run block', () => {
  it.each([['require.main === module'], ['module === require.main'], ['require.main == module']])(
    '`if (%s)` is bundled away and never runs',
    async (test) => {
      const dir = actionFolder('cjs', {
        'index.js': `exports.handler = async () => 'platform';\n${localRun(test)}`,
      });
      const built = await buildRelease(dir);
      expect(built.source).not.toContain('dotenv');
      expect(built.source).not.toMatch(/require\.main/);
      const out = await runTask(taskInput(built.source), host, DEFAULT_TASK_LIMITS);
      expect(out).toMatchObject({ kind: 'skip', message: 'platform' });
    },
  );

  it('in a TypeScript action too', async () => {
    const dir = actionFolder('ts', {
      'index.ts': `export async function handler(): Promise<string> { return 'platform'; }
type EnvInfo = { API_KEY: string };
if (require.main === module) {
  require('dotenv').config();
  const { API_KEY } = process.env as EnvInfo;
  handler().then(() => process.exit(API_KEY ? 0 : 1));
}
`,
    });
    const built = await buildRelease(dir);
    expect(built.source).not.toContain('dotenv');
    const out = await runTask(taskInput(built.source), host, DEFAULT_TASK_LIMITS);
    expect(out).toMatchObject({ kind: 'skip', message: 'platform' });
  });

  it('a require outside the block is still refused, saying why', async () => {
    const dir = actionFolder('top-level', {
      'index.js': "require('dotenv').config();\nexports.handler = async () => 'platform';\n",
    });
    await expect(buildRelease(dir)).rejects.toThrow(
      `esbuild: Could not resolve "fs" (node_modules/dotenv/main.js:1). fs is a Node-only module (imported by dotenv): a task runs in a sandbox without Node's built-ins`,
    );
  });
});
