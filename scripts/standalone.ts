// `tsx scripts/standalone.ts OUT`: assembles the server the image runs (deploy/image/Dockerfile) into OUT, from a
// `next build` (its standalone output: server.js and the packages it was traced to need). Added beside it: the
// browser assets, the packages an uploaded task folder may import (docs/bundle-format.md), the migration step and
// the entrypoint. The tests boot exactly this folder with the image's command (test/deploy/standalone.test.ts).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const ROOT = process.cwd();
const STANDALONE = path.join(ROOT, '.next/standalone');

/** The image's other commands (entrypoint.sh NAME), each bundled to NAME.mjs. */
const ENTRY_POINTS = {
  migrate: 'deploy/image/migrate.ts',
  'rotate-master-key': 'deploy/image/rotate-master-key.ts',
  'rpc-gateway': 'scripts/rpc-gateway.ts',
};

/** The project's files the standalone output holds and the server never reads. */
const LEFT_OUT = new Set(
  [
    'test',
    'e2e',
    'bench',
    'docs',
    'scripts',
    'cli',
    'contracts',
    'deploy',
    'app',
    'components',
    'types',
    'README.md',
    'Dockerfile',
    'biome.json',
    'drizzle.config.ts',
    'instrumentation.ts',
    'next.config.ts',
    'playwright.config.ts',
    'postcss.config.mjs',
    'proxy.ts',
    'tsconfig.json',
    'tsconfig.tsbuildinfo',
    'vitest.config.ts',
    'package-lock.json',
  ].map((p) => path.normalize(p)),
);

/** What an uploaded task folder's bare imports resolve to (lib/functions/build/sdk-dir.ts PLATFORM_MODULES). */
const TASK_PACKAGES = ['viem', 'axios', 'ky', 'ethers5', 'ethers6', 'inherits'];

/** The folder of `name` as Node would resolve it from `fromDir` (nested node_modules first, then up). */
function packageDir(name: string, fromDir: string): string | null {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === ROOT || dir === path.dirname(dir)) return null;
  }
}

/** Every package folder `names` need at run time: themselves and their dependencies, transitively. */
function dependencyClosure(names: string[]): Set<string> {
  const found = new Set<string>();
  const visit = (name: string, fromDir: string, optional: boolean) => {
    const dir = packageDir(name, fromDir);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} is not installed (needed from ${path.relative(ROOT, fromDir) || '.'})`);
    }
    if (found.has(dir)) return;
    found.add(dir);
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, true);
    for (const dep of Object.keys(pkg.peerDependencies ?? {}))
      visit(dep, dir, pkg.peerDependenciesMeta?.[dep]?.optional ?? true);
  };
  for (const name of names) visit(name, ROOT, false);
  return found;
}

export async function assembleStandalone(out: string): Promise<void> {
  if (!existsSync(path.join(STANDALONE, 'server.js')))
    throw new Error('no standalone server: run `npx next build` first');
  rmSync(out, { recursive: true, force: true });
  // the server reads files from its working directory, so the trace took the whole project: what only builds,
  // tests or documents it stays out
  cpSync(STANDALONE, out, {
    recursive: true,
    verbatimSymlinks: true,
    filter: (from) => !LEFT_OUT.has(path.relative(STANDALONE, from)),
  });
  cpSync(path.join(ROOT, '.next/static'), path.join(out, '.next/static'), { recursive: true });
  if (existsSync(path.join(ROOT, 'public')))
    cpSync(path.join(ROOT, 'public'), path.join(out, 'public'), { recursive: true });
  // the server reads these from its working directory: migrations, the SDK and templates that tasks are bundled
  // with, and lib/ (the gVisor runner bundles its worker from it)
  for (const dir of ['db/migrations', 'sdk', 'examples/tasks', 'lib'])
    cpSync(path.join(ROOT, dir), path.join(out, dir), { recursive: true });
  for (const dir of dependencyClosure(TASK_PACKAGES))
    cpSync(dir, path.join(out, path.relative(ROOT, dir)), { recursive: true, verbatimSymlinks: true });
  for (const [name, entry] of Object.entries(ENTRY_POINTS))
    await build({
      entryPoints: [path.join(ROOT, entry)],
      outfile: path.join(out, `${name}.mjs`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'esm',
      alias: { '@': ROOT },
      // postgres.js and drizzle bundle; a CommonJS dependency's require() needs a real one in an ES module
      banner: {
        js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
      },
      logLevel: 'warning',
    });
  mkdirSync(out, { recursive: true });
  cpSync(path.join(ROOT, 'deploy/image/entrypoint.sh'), path.join(out, 'entrypoint.sh'));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const out = process.argv[2];
  if (!out) {
    console.error('usage: tsx scripts/standalone.ts OUT');
    process.exit(64);
  }
  await assembleStandalone(path.resolve(out));
  console.error(`[tickwork] the image's server is in ${out}: ./entrypoint.sh`);
}
