import type { SandboxRuntime } from '@/db/enums';
import { daytonaConfigured, daytonaRunner } from './daytona';
import { daytonaConfig } from './daytona/config';
import { gvisorConfigured, gvisorRunner } from './gvisor';
import { checkCgroupCaps } from './gvisor/cgroup';
import { gvisorConfig } from './gvisor/config';
import { isolateRunner } from './isolate';
import { type RunnerName, runnerFailure, SandboxBuildError, type SandboxRunner } from './types';

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

/** What an executable's `sandboxRuntime` resolves to here: a runner, or `unavailable` (its runs fail). */
export type ResolvedRunner = RunnerName | 'unavailable';

/**
 * The runner that serves a sandbox runtime in this deployment, from the configuration alone (nothing is built or
 * started): `gvisor` where `TICKWORK_GVISOR_RUNNER` is set, else `unavailable`; for daytona, `daytona` where
 * `DAYTONA_API_KEY` is set, else `isolate`. The executable record shows it (`sandboxRunner`).
 */
export function resolvedRunner(runtime: SandboxRuntime): ResolvedRunner {
  if (runtime === 'gvisor') return gvisorConfigured() ? 'gvisor' : 'unavailable';
  return daytonaConfigured() ? 'daytona' : 'isolate';
}

/**
 * Reads the configured runners' settings once, at startup: a bad `TICKWORK_GVISOR_*` or `DAYTONA_*` value stops
 * the process with its message rather than failing later runs (or the reads that show an executable). Also
 * warns, once, when gVisor sandboxes would run without cgroup caps.
 */
export function checkRunnerConfig(): void {
  if (gvisorConfigured()) {
    const config = gvisorConfig();
    // Uncapped sandboxes are allowed, not silent: one warning now, with the reason.
    checkCgroupCaps(config.memoryMb, config.cpus);
  }
  if (daytonaConfigured()) daytonaConfig();
}

/**
 * The runner of a sandbox runtime in this deployment (`resolvedRunner` says which): `gvisor` runs in the gVisor
 * runner (creation refuses gvisor without it, and an executable created before it was removed fails its runs with
 * runner_unavailable rather than run outside gVisor); `daytona` runs in Daytona or in the local isolate runner.
 * Every execution records the runner that ran it and its version. Builds the runner on first use (the gVisor
 * runner starts its warm pool): call it to build or run, never to describe.
 */
export function sandboxRunner(runtime: SandboxRuntime): SandboxRunner {
  const name = resolvedRunner(runtime);
  if (name === 'unavailable') return unavailableRunner(runtime);
  if (name === 'gvisor') return gvisorRunner();
  return name === 'daytona' ? daytonaRunner() : isolateRunner;
}
