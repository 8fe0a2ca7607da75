import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

// The sandbox's whole filesystem: node, the shared libraries it and isolated-vm load, isolated-vm itself and
// the worker bundle, and nothing else (no app code, no config, no keys). runsc mounts it read-only with a
// memory overlay on top, so a run cannot change it for the next one.

const WORKER_SOURCE = path.join('lib', 'runtime', 'runners', 'gvisor', 'worker.ts');

/** The paths a binary's dynamic loader maps (from `ldd`), the loader itself included. */
function sharedLibraries(binary: string): string[] {
  const out = execFileSync('ldd', [binary], { encoding: 'utf8' });
  return [...out.matchAll(/(\/\S+) \(0x/g)].map((m) => m[1] as string);
}

function linkOrCopy(from: string, to: string) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  try {
    fs.linkSync(from, to);
  } catch {
    fs.copyFileSync(from, to);
  }
}

/** The worker (worker.ts) bundled into one CommonJS file; isolated-vm stays external (the sandbox provides it). */
export async function bundleWorker(appRoot: string): Promise<string> {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [path.join(appRoot, WORKER_SOURCE)],
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['isolated-vm'],
    write: false,
    logLevel: 'silent',
    alias: { '@': appRoot },
  });
  return result.outputFiles[0]?.text ?? '';
}

/**
 * What names a root: the worker bundle, node (its path, size, modification time and version: an upgrade in place
 * makes a new root) and isolated-vm (its package.json and its addon's size and time: a rebuild makes a new root).
 */
export function rootKey(worker: string, node: string, ivmDir: string): string {
  const identity = (file: string) => {
    const stat = fs.statSync(file);
    return `${file}:${stat.size}:${stat.mtimeMs}`;
  };
  return createHash('sha256')
    .update(worker)
    .update(identity(node))
    .update(process.versions.node)
    .update(fs.readFileSync(path.join(ivmDir, 'package.json')))
    .update(identity(path.join(ivmDir, 'out', 'isolated_vm.node')))
    .digest('hex')
    .slice(0, 16);
}

const uid = () => process.getuid?.() ?? 0;

/** The default home of the roots: a directory of this user's own in the system temp dir. */
export const defaultRootDir = () => path.join(os.tmpdir(), `tickwork-gvisor-${uid()}`);

/**
 * Makes sure `dir` is private to this user (a directory, not a link, owned by this user, no access for group or
 * others; made with mode 0700 when missing), since what is in it runs as the sandbox's root. The default
 * directory is made again when it is this user's but open to others; anything else is refused.
 */
function privateDir(dir: string, remakeIfOpen: boolean): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = fs.lstatSync(dir);
  const problem = !stat.isDirectory()
    ? 'is not a directory'
    : stat.uid !== uid()
      ? 'is owned by another user'
      : (stat.mode & 0o077) !== 0
        ? `is open to other users (mode ${(stat.mode & 0o777).toString(8)})`
        : null;
  if (!problem) return;
  if (remakeIfOpen && stat.isDirectory() && stat.uid === uid()) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { mode: 0o700 });
    return;
  }
  throw new Error(
    `the gVisor root directory ${dir} ${problem}: it must be a directory of this user's, mode 0700`,
  );
}

/**
 * Assembles the root once per content (the worker bundle, node and isolated-vm) under `rootDir` (default: a
 * private directory of this user's in the system temp dir) and answers its path. Concurrent callers end with the
 * same complete directory: each builds aside and renames into place.
 */
export async function sandboxRoot(rootDir: string | null, appRoot = process.cwd()): Promise<string> {
  const worker = await bundleWorker(appRoot);
  // Resolved from the app's root at run time (a bundler would turn a static resolve into a module id).
  const ivmDir = path.dirname(
    createRequire(path.join(appRoot, 'package.json')).resolve('isolated-vm/package.json'),
  );
  const addon = path.join(ivmDir, 'out', 'isolated_vm.node');
  const node = fs.realpathSync(process.execPath);
  const base = rootDir ?? defaultRootDir();
  privateDir(base, rootDir === null);
  const root = path.join(base, rootKey(worker, node, ivmDir));
  if (fs.existsSync(path.join(root, 'runner', 'worker.js'))) return root;

  const aside = `${root}.${process.pid}.${Date.now()}`;
  for (const dir of ['tmp', 'proc', 'dev', 'sys', 'runner'])
    fs.mkdirSync(path.join(aside, dir), { recursive: true });
  linkOrCopy(node, path.join(aside, 'usr', 'bin', 'node'));
  for (const lib of new Set([...sharedLibraries(node), ...sharedLibraries(addon)]))
    fs.copyFileSync(fs.realpathSync(lib), path.join(mkdirFor(aside, lib), path.basename(lib)));
  fs.cpSync(ivmDir, path.join(aside, 'runner', 'node_modules', 'isolated-vm'), {
    recursive: true,
    filter: (from) => {
      const rel = path.relative(ivmDir, from);
      return ['', 'package.json', 'isolated-vm.js', 'out'].includes(rel) || rel.startsWith(`out${path.sep}`);
    },
  });
  fs.writeFileSync(path.join(aside, 'runner', 'worker.js'), worker);
  try {
    fs.renameSync(aside, root);
  } catch {
    // Another process put the same root in place first.
    fs.rmSync(aside, { recursive: true, force: true });
  }
  return root;
}

function mkdirFor(root: string, file: string): string {
  const dir = path.join(root, path.dirname(file));
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
