import fs from 'node:fs';
import path from 'node:path';

// Memory and CPU caps for one sandbox through a cgroup the runner makes for it (v2, or v1's memory and cpu
// hierarchies), where this process may make one. The sandbox process joins it before it execs runsc, so runsc
// and everything it starts are inside.

const V2 = '/sys/fs/cgroup';
const V1_MEMORY = '/sys/fs/cgroup/memory';
const V1_CPU = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

export type SandboxCgroup = {
  /** The files a process writes its pid into to join (`cgroup.procs` of each hierarchy). */
  procs: string[];
  remove(): void;
};

const writable = (dir: string) => {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
};

function v2Usable(): boolean {
  try {
    const controllers = fs.readFileSync(path.join(V2, 'cgroup.controllers'), 'utf8');
    return /\bmemory\b/.test(controllers) && /\bcpu\b/.test(controllers) && writable(V2);
  } catch {
    return false;
  }
}

function removeDirs(dirs: string[]) {
  for (const dir of dirs) {
    try {
      fs.rmdirSync(dir);
    } catch {
      // still has a process (it is being killed) or already gone; a leftover empty cgroup is harmless
    }
  }
}

/** Makes the cgroup `name` capped at `memoryMb` and `cpus` cores, or answers null where none can be made. */
export function makeCgroup(name: string, memoryMb: number, cpus: number): SandboxCgroup | null {
  const bytes = String(memoryMb * 1024 * 1024);
  const quota = String(Math.max(1000, Math.round(cpus * PERIOD_US)));
  try {
    if (v2Usable()) {
      const dir = path.join(V2, name);
      fs.mkdirSync(dir);
      fs.writeFileSync(path.join(dir, 'memory.max'), bytes);
      try {
        fs.writeFileSync(path.join(dir, 'memory.swap.max'), '0');
      } catch {
        // no swap accounting on this kernel: nothing to cap
      }
      fs.writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
      return { procs: [path.join(dir, 'cgroup.procs')], remove: () => removeDirs([dir]) };
    }
    if (writable(V1_MEMORY) && writable(V1_CPU)) {
      const memory = path.join(V1_MEMORY, name);
      const cpu = path.join(V1_CPU, name);
      fs.mkdirSync(memory);
      fs.mkdirSync(cpu);
      fs.writeFileSync(path.join(memory, 'memory.limit_in_bytes'), bytes);
      fs.writeFileSync(path.join(cpu, 'cpu.cfs_period_us'), String(PERIOD_US));
      fs.writeFileSync(path.join(cpu, 'cpu.cfs_quota_us'), quota);
      return {
        procs: [path.join(memory, 'cgroup.procs'), path.join(cpu, 'cgroup.procs')],
        remove: () => removeDirs([memory, cpu]),
      };
    }
  } catch {
    // not permitted here (a container without cgroup write access): the caller runs without
  }
  return null;
}
