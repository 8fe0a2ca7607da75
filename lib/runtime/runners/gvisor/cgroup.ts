import fs from 'node:fs';
import path from 'node:path';
import { log } from '@/lib/log';
import { CGROUP_PREFIX } from './leftovers';

// Memory and CPU caps for one sandbox through a cgroup the runner makes for it (v2, or v1's memory and cpu
// hierarchies), where this process may make one. The sandbox process joins it before it execs runsc, so runsc
// and everything it starts are inside.

const PERIOD_US = 100_000;

/** Where cgroups are made: the v2 hierarchy, or v1's memory and cpu hierarchies. */
export type CgroupRoots = { v2: string; v1Memory: string; v1Cpu: string };
export const CGROUP_ROOTS: CgroupRoots = {
  v2: '/sys/fs/cgroup',
  v1Memory: '/sys/fs/cgroup/memory',
  v1Cpu: '/sys/fs/cgroup/cpu',
};

export type SandboxCgroup = {
  /** The files a process writes its pid into to join (`cgroup.procs` of each hierarchy). */
  procs: string[];
  remove(): void;
};

/** A cgroup made, or why none could be (the sandbox then runs without memory and CPU caps). */
export type CgroupAttempt = { cgroup: SandboxCgroup; why?: undefined } | { cgroup: null; why: string };

const writable = (dir: string) => {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

const words = (file: string) => {
  try {
    return fs.readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    return null;
  }
};

function removeDirs(dirs: string[]) {
  for (const dir of dirs) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // still has a process (it is being killed) or already gone; a leftover empty cgroup is harmless
    }
  }
}

/**
 * Makes the directories and writes the files, in order; on any failure removes the directories it made and
 * answers why. `files` are [path, content, optional] (an optional file that cannot be written is skipped).
 */
function make(dirs: string[], files: [string, string, boolean?][]): string | null {
  const made: string[] = [];
  try {
    for (const dir of dirs) {
      fs.mkdirSync(dir);
      made.push(dir);
    }
    for (const [file, content, optional] of files) {
      try {
        fs.writeFileSync(file, content);
      } catch (error) {
        if (!optional) throw error;
      }
    }
    return null;
  } catch (error) {
    removeDirs(made.reverse());
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    return `making its cgroup failed (${code} on ${path.basename((error as NodeJS.ErrnoException).path ?? '')})`;
  }
}

/** Makes the cgroup `name` capped at `memoryMb` and `cpus` cores, or says why none can be made here. */
export function makeCgroup(
  name: string,
  memoryMb: number,
  cpus: number,
  roots: CgroupRoots = CGROUP_ROOTS,
): CgroupAttempt {
  const bytes = String(memoryMb * 1024 * 1024);
  const quota = String(Math.max(1000, Math.round(cpus * PERIOD_US)));
  const controllers = words(path.join(roots.v2, 'cgroup.controllers'));
  if (controllers) {
    // v2: a child has memory.max and cpu.max only when its parent hands it those controllers (subtree_control).
    const delegated = words(path.join(roots.v2, 'cgroup.subtree_control')) ?? [];
    const missing = ['memory', 'cpu'].filter((c) => !delegated.includes(c));
    if (missing.length > 0)
      return {
        cgroup: null,
        why: `${roots.v2}/cgroup.subtree_control does not enable ${missing.join(' and ')} for child cgroups`,
      };
    if (!writable(roots.v2)) return { cgroup: null, why: `${roots.v2} is not writable by this process` };
    const dir = path.join(roots.v2, name);
    const failed = make(
      [dir],
      [
        [path.join(dir, 'memory.max'), bytes],
        // no swap accounting on some kernels: nothing to cap there
        [path.join(dir, 'memory.swap.max'), '0', true],
        [path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`],
      ],
    );
    if (failed) return { cgroup: null, why: failed };
    return { cgroup: { procs: [path.join(dir, 'cgroup.procs')], remove: () => removeDirs([dir]) } };
  }
  if (!writable(roots.v1Memory) || !writable(roots.v1Cpu))
    return { cgroup: null, why: 'no cgroup hierarchy with memory and cpu is writable by this process' };
  const memory = path.join(roots.v1Memory, name);
  const cpu = path.join(roots.v1Cpu, name);
  const failed = make(
    [memory, cpu],
    [
      [path.join(memory, 'memory.limit_in_bytes'), bytes],
      [path.join(cpu, 'cpu.cfs_period_us'), String(PERIOD_US)],
      [path.join(cpu, 'cpu.cfs_quota_us'), quota],
    ],
  );
  if (failed) return { cgroup: null, why: failed };
  return {
    cgroup: {
      procs: [path.join(memory, 'cgroup.procs'), path.join(cpu, 'cgroup.procs')],
      remove: () => removeDirs([memory, cpu]),
    },
  };
}

let warned = false;

/** Says once per process that sandboxes run without cgroup caps, and why. */
export function warnUncapped(why: string): void {
  if (warned) return;
  warned = true;
  log.warn(
    { why },
    'gVisor sandboxes run without cgroup memory and CPU caps: only the worker heap cap and the wall-time kill bound a run',
  );
}

/**
 * At startup: makes and removes a cgroup as a sandbox's would be made, and warns (once) when none can be made
 * here. Answers why not, or null when sandboxes will be capped.
 */
export function checkCgroupCaps(
  memoryMb: number,
  cpus: number,
  roots: CgroupRoots = CGROUP_ROOTS,
): string | null {
  const { cgroup, why } = makeCgroup(`${CGROUP_PREFIX}${process.pid}-probe`, memoryMb, cpus, roots);
  cgroup?.remove();
  if (why) warnUncapped(why);
  return why ?? null;
}
