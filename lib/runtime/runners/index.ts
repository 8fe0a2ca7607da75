import { daytonaConfigured, daytonaRunner } from './daytona';
import { gvisorConfigured, gvisorRunner } from './gvisor';
import { isolateRunner } from './isolate';
import { runnerFailure, SandboxBuildError, type SandboxRunner, type SandboxRuntime } from './types';

export { checkTaskBundle } from './build-check';
export { isolateRunner } from './isolate';
export * from './types';
export { daytonaConfigured, gvisorConfigured };

/** Stands in for a runner this deployment does not have: builds are refused and runs fail, nothing runs. */
function unavailableRunner(runtime: SandboxRuntime): SandboxRunner {
  const message = `the ${runtime} sandbox runtime is not configured on this deployment`;
  return {
    name: runtime,
    version: async () => 'unavailable',
    build: async () => {
      throw new SandboxBuildError(message);
    },
    run: async (input) => runnerFailure(input, 'runner_unavailable', message),
  };
}

/**
 * The runner of a sandbox runtime in this deployment: `gvisor` runs in the gVisor runner (`TICKWORK_GVISOR_RUNNER`;
 * creation refuses gvisor without it, and an executable created before it was removed fails its runs with
 * runner_unavailable rather than run outside gVisor); `daytona` runs in Daytona when `DAYTONA_API_KEY` is set and
 * in the local isolate runner otherwise. The executable record says which (`sandboxRunner`), and every execution
 * records the runner that ran it and its version.
 */
export function sandboxRunner(runtime: SandboxRuntime): SandboxRunner {
  if (runtime === 'gvisor') return gvisorConfigured() ? gvisorRunner() : unavailableRunner('gvisor');
  return daytonaConfigured() ? daytonaRunner() : isolateRunner;
}
