import ivmPackage from 'isolated-vm/package.json';
import { runTask } from '../task-runner';
import { checkTaskBundle } from './build-check';
import { releaseLimitOverrides, type SandboxRunner } from './types';

/** What the isolate runner is made of: isolated-vm's and Node's versions. */
export const isolateVersion = () => `isolated-vm ${ivmPackage.version}; node ${process.versions.node}`;

/**
 * The local runner: each run in a fresh isolated-vm isolate in this process (lib/runtime/task-runner). The build
 * checks the bundle is a task; its reference names the checksum (each run builds its own isolate).
 */
export const isolateRunner: SandboxRunner = {
  name: 'isolate',
  version: async () => isolateVersion(),
  run: (input, host, options) => runTask(input, host, releaseLimitOverrides(options?.limits)),
  async build({ checksum, source }) {
    await checkTaskBundle(source);
    return { ref: `isolate:${checksum}` };
  },
};
