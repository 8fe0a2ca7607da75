import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

/** The runtime suites that run again with their tasks in the gVisor runner (test/support/runner-under-test.ts). */
const ON_GVISOR = [
  'test/security/sandbox-escapes.test.ts',
  'test/security/chain-methods.test.ts',
  'test/runtime/task-runner.test.ts',
  'test/runtime/web-globals.test.ts',
  'test/runtime/task-callbacks.test.ts',
];

/**
 * What a test file may do to the process it runs in that the next file there would notice: mock a module, fake
 * the clock or a global, edit the environment, point the helpers at a stack of its own. Such a file gets a fresh
 * process; every other file shares its worker's process with the files before it, which saves loading the app's
 * modules again for each (about two seconds of CPU a file on these machines).
 */
const CHANGES_THE_PROCESS =
  /\bvi\.(mock|doMock|stubEnv|stubGlobal|useFakeTimers|spyOn)\b|\bresetModules\b|process\.env\.\w+\s*(=[^=]|\|\|=|\?\?=)|delete process\.env|\buseTarget\b|\bfaultStackWorld\b/;

function testFiles(dir = 'test'): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(file);
    return entry.name.endsWith('.test.ts') ? [file] : [];
  });
}

const ownProcess = testFiles().filter((file) => CHANGES_THE_PROCESS.test(readFileSync(file, 'utf8')));

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup-file.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'isolate', include: ownProcess } },
      {
        extends: true,
        test: { name: 'isolate-shared', include: ['test/**/*.test.ts'], exclude: ownProcess, isolate: false },
      },
      {
        extends: true,
        test: { name: 'gvisor', include: ON_GVISOR, env: { TICKWORK_TEST_RUNNER: 'gvisor' } },
      },
    ],
  },
});
