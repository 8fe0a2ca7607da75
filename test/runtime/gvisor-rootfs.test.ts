import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultRootDir, rootKey, sandboxRoot } from '@/lib/runtime/runners/gvisor/rootfs';

// The sandbox's root is what runs as the sandbox: it is kept in a directory private to the app's user, and it is
// named after what it is made of, node's binary included.

let tmp: string;
const savedTmpdir = process.env.TMPDIR;
beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'tickwork-rootfs-test-'));
  process.env.TMPDIR = tmp; // os.tmpdir() reads it on each call: the default directory lands in here
});
afterAll(() => {
  if (savedTmpdir === undefined) delete process.env.TMPDIR;
  else process.env.TMPDIR = savedTmpdir;
  fs.rmSync(tmp, { recursive: true, force: true });
});

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe('where the sandbox root is kept', () => {
  it('by default in a 0700 directory of this user, one per user; a root planted there while it was open is not used', async () => {
    const base = defaultRootDir();
    expect(base).toBe(path.join(tmp, `tickwork-gvisor-${process.getuid?.()}`));
    const root = await sandboxRoot(null);
    expect(path.dirname(root)).toBe(base);
    expect(mode(base)).toBe(0o700);
    expect(fs.statSync(base).uid).toBe(process.getuid?.());

    // Someone opened the directory and planted a worker in the root's place: the directory is made again.
    fs.chmodSync(base, 0o777);
    fs.writeFileSync(path.join(root, 'runner', 'worker.js'), 'planted');
    const again = await sandboxRoot(null);
    expect(again).toBe(root);
    expect(mode(base)).toBe(0o700);
    expect(fs.readFileSync(path.join(again, 'runner', 'worker.js'), 'utf8')).not.toBe('planted');
  }, 60_000);

  it('a configured directory open to others, or a link, is refused with the reason', async () => {
    const open = path.join(tmp, 'open');
    fs.mkdirSync(open, { mode: 0o700 });
    fs.chmodSync(open, 0o755);
    await expect(sandboxRoot(open)).rejects.toThrow(/is open to other users \(mode 755\).*mode 0700/);
    const link = path.join(tmp, 'link');
    const target = fs.mkdtempSync(path.join(tmp, 'target-'));
    fs.symlinkSync(target, link);
    await expect(sandboxRoot(link)).rejects.toThrow(/is not a directory/);
  });

  it("the root's name changes when node's binary changes in place (an upgrade)", () => {
    const ivmDir = path.dirname(createRequire(import.meta.url).resolve('isolated-vm/package.json'));
    const node = path.join(tmp, 'node-binary');
    fs.writeFileSync(node, 'node v1');
    const before = rootKey('worker', node, ivmDir);
    expect(rootKey('worker', node, ivmDir)).toBe(before);
    fs.appendFileSync(node, Buffer.from([0]));
    expect(rootKey('worker', node, ivmDir)).not.toBe(before);
  });
});
