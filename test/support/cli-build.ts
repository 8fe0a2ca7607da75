import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';

// The CLI the suites run: `cli/index.ts` compiled once per test run by esbuild, its packages left to Node as
// `npm run tickwork` leaves them. The suites start the CLI about fifty times; under tsx each start compiled and
// resolved the CLI's TypeScript again and loaded every package through tsx's hooks (about 3.5 s of CPU for a
// `tickwork bundle`), compiled it is about 1.4 s.

const require = createRequire(import.meta.url);

/** A package's JSON file (`isolated-vm/package.json`) is inlined: Node would want an import attribute for it. */
const inlinePackageJson: Plugin = {
  name: 'inline-package-json',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./].*\.json$/ }, (args) => ({
      path: require.resolve(args.path, { paths: [args.resolveDir] }),
    }));
  },
};

/**
 * Compiles the CLI into a fresh folder under `node_modules/.cache` (inside the project, so its packages resolve
 * as from `cli/`) and returns its entry and a remover. Commands stay in chunks of their own, loaded when run.
 */
export async function buildCli(): Promise<{ entry: string; remove: () => void }> {
  const outdir = path.resolve('node_modules/.cache/tickwork-cli', `${process.pid}-${Date.now()}`);
  mkdirSync(outdir, { recursive: true });
  await build({
    entryPoints: { tickwork: 'cli/index.ts' },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    alias: { '@': path.resolve('.') },
    plugins: [inlinePackageJson],
    logLevel: 'error',
  });
  return {
    entry: path.join(outdir, 'tickwork.js'),
    remove: () => rmSync(outdir, { recursive: true, force: true }),
  };
}
