import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { log } from '@/lib/log';
import { type CgroupRoots, checkCgroupCaps, makeCgroup } from '@/lib/runtime/runners/gvisor/cgroup';

// The sandbox's cgroup on stand-in hierarchies (plain directories laid out as cgroupfs is): made where the
// hierarchy hands down memory and cpu, refused with the reason otherwise, and never left half made.

let dir: string;
let roots: CgroupRoots;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tickwork-cgroup-test-'));
  roots = { v2: path.join(dir, 'v2'), v1Memory: path.join(dir, 'memory'), v1Cpu: path.join(dir, 'cpu') };
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const v2 = (subtree: string) => {
  fs.mkdirSync(roots.v2);
  fs.writeFileSync(path.join(roots.v2, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
  fs.writeFileSync(path.join(roots.v2, 'cgroup.subtree_control'), subtree);
};

describe('a sandbox cgroup', () => {
  it('v2 whose root hands down memory and cpu: made with the caps', () => {
    v2('cpu memory pids\n');
    const { cgroup, why } = makeCgroup('tickwork-gvisor-1-a', 256, 0.5, roots);
    expect(why).toBeUndefined();
    const made = path.join(roots.v2, 'tickwork-gvisor-1-a');
    expect(cgroup?.procs).toEqual([path.join(made, 'cgroup.procs')]);
    expect(fs.readFileSync(path.join(made, 'memory.max'), 'utf8')).toBe(String(256 * 1024 * 1024));
    expect(fs.readFileSync(path.join(made, 'cpu.max'), 'utf8')).toBe('50000 100000');
  });

  it('v2 with the controllers available but not handed down: none, with the reason, and nothing made', () => {
    v2('pids\n');
    const { cgroup, why } = makeCgroup('tickwork-gvisor-1-b', 256, 1, roots);
    expect(cgroup).toBeNull();
    expect(why).toMatch(/subtree_control does not enable memory and cpu/);
    expect(fs.readdirSync(roots.v2).sort()).toEqual(['cgroup.controllers', 'cgroup.subtree_control']);
  });

  it('v1 where the cpu half fails: the memory half is removed again, and the reason says what failed', () => {
    fs.mkdirSync(roots.v1Memory);
    fs.mkdirSync(roots.v1Cpu);
    fs.writeFileSync(path.join(roots.v1Cpu, 'tickwork-gvisor-1-c'), 'in the way');
    const { cgroup, why } = makeCgroup('tickwork-gvisor-1-c', 256, 1, roots);
    expect(cgroup).toBeNull();
    expect(why).toMatch(/making its cgroup failed \(EEXIST/);
    expect(fs.readdirSync(roots.v1Memory)).toEqual([]);
  });

  it('the startup check warns once, with the reason, when sandboxes would run uncapped, and leaves nothing', () => {
    v2('pids\n');
    const warn = vi.spyOn(log, 'warn').mockImplementation(() => undefined);
    try {
      expect(checkCgroupCaps(512, 1, roots)).toMatch(/does not enable memory and cpu/);
      expect(checkCgroupCaps(512, 1, roots)).toMatch(/does not enable memory and cpu/);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(warn.mock.calls[0]?.[0]).toMatchObject({ why: expect.stringMatching(/subtree_control/) });
      expect(fs.readdirSync(roots.v2).sort()).toEqual(['cgroup.controllers', 'cgroup.subtree_control']);
    } finally {
      warn.mockRestore();
    }
  });

  it('the startup check finds caps where they work (its probe cgroup made as a sandbox would be)', () => {
    v2('cpu memory\n');
    expect(checkCgroupCaps(512, 1, roots)).toBeNull();
    expect(fs.readdirSync(roots.v2)).toContain(`tickwork-gvisor-${process.pid}-probe`);
  });
});
