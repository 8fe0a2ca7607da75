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
 * Assembles the root once per content (the worker bundle, node and isolated-vm) under `rootDir` (default: the
 * system temp dir) and answers its path. Concurrent callers end with the same complete directory: each builds
 * aside and renames into place.
 */
export async function sandboxRoot(rootDir: string | null, appRoot = process.cwd()): Promise<string> {
  const worker = await bundleWorker(appRoot);
  // Resolved from the app's root at run time (a bundler would turn a static resolve into a module id).
  const ivmDir = path.dirname(
    createRequire(path.join(appRoot, 'package.json')).resolve('isolated-vm/package.json'),
  );
  const addon = path.join(ivmDir, 'out', 'isolated_vm.node');
  const node = fs.realpathSync(process.execPath);
  const key = createHash('sha256')
    .update(worker)
    .update(node)
    .update(fs.readFileSync(path.join(ivmDir, 'package.json')))
    .digest('hex')
    .slice(0, 16);
  const base = rootDir ?? path.join(os.tmpdir(), 'tickwork-gvisor');
  const root = path.join(base, key);
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
