import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// What sandboxes leave behind when their runner process dies without cleaning up (SIGKILL, a crash): runsc
// scratch directories and empty cgroups. Both are named after the runner's pid; those of dead pids are removed.

export const SCRATCH_PREFIX = 'tickwork-runsc-';
export const CGROUP_PREFIX = 'tickwork-gvisor-';
const CGROUP_ROOTS = ['/sys/fs/cgroup', '/sys/fs/cgroup/memory', '/sys/fs/cgroup/cpu'];

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** `<prefix><pid>-…` entries of `dir` whose pid is not a live process. */
function orphans(dir: string, prefix: string): string[] {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.startsWith(prefix))
    .filter((name) => {
      const pid = Number(name.slice(prefix.length).split('-')[0]);
      return Number.isInteger(pid) && pid > 0 && !alive(pid);
    })
    .map((name) => path.join(dir, name));
}

export function sweepLeftovers(): void {
  for (const dir of orphans(os.tmpdir(), SCRATCH_PREFIX)) fs.rmSync(dir, { recursive: true, force: true });
  for (const root of CGROUP_ROOTS)
    for (const dir of orphans(root, CGROUP_PREFIX)) {
      try {
        fs.rmdirSync(dir);
      } catch {
        // a process is still in it (being killed): the next sweep takes it
      }
    }
}
