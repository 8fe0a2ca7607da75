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

export default defineConfig({
  resolve: { alias: { '@': path.resolve(import.meta.dirname) } },
  test: {
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: true,
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: 'isolate', include: ['test/**/*.test.ts'] } },
      {
        extends: true,
        test: { name: 'gvisor', include: ON_GVISOR, env: { TICKWORK_TEST_RUNNER: 'gvisor' } },
      },
    ],
  },
});
