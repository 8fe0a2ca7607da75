import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Loader, Plugin } from 'esbuild';

/**
 * The test of Node's "run as a script" idiom, `if (require.main === module)` (either order, `==` too), which
 * every Defender autotask example ends with to run itself locally (`require('dotenv').config()`, process.env,
 * process.exit). On the platform the module is never the main script, so the test is false.
 */
const LOCAL_RUN_TEST = /\bif\s*\(\s*(?:require\.main\s*===?\s*module|module\s*===?\s*require\.main)\s*\)/g;

const LOADERS: Record<string, Loader> = {
  '.js': 'js',
  '.cjs': 'js',
  '.mjs': 'js',
  '.jsx': 'jsx',
  '.ts': 'ts',
  '.cts': 'ts',
  '.mts': 'ts',
  '.tsx': 'tsx',
};

/**
 * Builds the task's own files (not its packages) with that test written `if (false)`: esbuild then drops the
 * block and never resolves what it requires, so a local-run block neither breaks the bundle nor runs. A require
 * anywhere else is bundled, or refused, as before.
 */
export const localRunBlockPlugin: Plugin = {
  name: 'tickwork-local-run-block',
  setup(b) {
    b.onLoad({ filter: /\.[cm]?[jt]sx?$/, namespace: 'file' }, async (args) => {
      if (args.path.split(path.sep).includes('node_modules')) return undefined;
      const source = await readFile(args.path, 'utf8');
      const contents = source.replace(LOCAL_RUN_TEST, 'if (false)');
      if (contents === source) return undefined;
      return { contents, loader: LOADERS[path.extname(args.path)] };
    });
  },
};
