import { readdirSync, readFileSync } from 'node:fs';

// CPU time from /proc, in clock ticks (getconf CLK_TCK per second): of a set of processes with their descendants,
// and of the whole machine.

/** utime + stime of `pid` and its parent id (null when it is gone). */
function processTicks(pid: number): { ticks: number; parent: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name may hold spaces and parentheses: the fields start after its last ')'
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { parent: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return null;
  }
}

/** CPU ticks used so far by `pids` and every process below them. */
export function cpuTicks(pids: number[]): number {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map((name) => ({ pid: Number(name), stat: processTicks(Number(name)) }))
    .filter((p) => p.stat !== null);
  const within = new Set(pids);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all)
      if (!within.has(p.pid) && p.stat && within.has(p.stat.parent)) {
        within.add(p.pid);
        grew = true;
      }
  }
  return all.filter((p) => within.has(p.pid)).reduce((sum, p) => sum + (p.stat?.ticks ?? 0), 0);
}

/** CPU ticks the machine spent busy so far (all cores: user, nice, system, irq, softirq, steal). */
export function machineTicks(): number {
  const [user, nice, system, , , irq, softirq, steal] = readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  return user + nice + system + irq + softirq + steal;
}
