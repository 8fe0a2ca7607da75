// The gVisor runner's settings, read from the environment once per process.

export type GvisorConfig = {
  /** The runsc binary and the global flags to pass it (network is always none). */
  runsc: string;
  flags: string[];
  /** Warm sandboxes kept ready; also the most runs at once (more wait their turn). */
  poolSize: number;
  /** Runs a sandbox serves before it is replaced by a fresh one. */
  runsPerSandbox: number;
  /** Memory of one sandbox (its cgroup where one can be made; the worker's V8 heap cap either way). */
  memoryMb: number;
  /** CPU share of one sandbox, in cores (its cgroup, where one can be made). */
  cpus: number;
  /** Where the sandbox's root (node, its libraries, isolated-vm and the worker) is assembled. */
  rootDir: string | null;
};

const positive = (name: string, fallback: number) => {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
};

/** Whether the deployment has a gVisor runner (`TICKWORK_GVISOR_RUNNER`). */
export const gvisorConfigured = () => Boolean(process.env.TICKWORK_GVISOR_RUNNER?.trim());

/**
 * `TICKWORK_GVISOR_RUNNER` is the runsc command: its path and global flags, e.g.
 * `runsc --rootless --platform=ptrace`. A `--network` other than none is refused: tasks reach the network only
 * through the host's fetch bridge.
 */
export function gvisorConfig(): GvisorConfig {
  const words = (process.env.TICKWORK_GVISOR_RUNNER ?? '').trim().split(/\s+/).filter(Boolean);
  const [runsc, ...given] = words;
  if (!runsc) throw new Error('TICKWORK_GVISOR_RUNNER is not set');
  const network = given.find((f) => /^--?network(=|$)/.test(f));
  if (network && network.replace(/^--?network=?/, '') !== 'none')
    throw new Error(
      'TICKWORK_GVISOR_RUNNER: the sandbox network must be none (tasks fetch through the host)',
    );
  return {
    runsc,
    flags: [...given.filter((f) => !/^--?network(=|$)/.test(f)), '--network=none'],
    poolSize: Math.floor(positive('TICKWORK_GVISOR_POOL_SIZE', 2)),
    runsPerSandbox: Math.floor(positive('TICKWORK_GVISOR_RUNS_PER_SANDBOX', 100)),
    memoryMb: Math.floor(positive('TICKWORK_GVISOR_MEMORY_MB', 512)),
    cpus: positive('TICKWORK_GVISOR_CPUS', 1),
    rootDir: process.env.TICKWORK_GVISOR_ROOT_DIR || null,
  };
}
