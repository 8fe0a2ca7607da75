import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { SDK_DIR } from '../sdk-dir';

/** The compatibility layers (guest code bundled into the task), sdk/compat. */
const COMPAT = path.join(SDK_DIR, 'compat');

/** The major version of the `ethers` the task folder resolves (walking up like Node), or null. */
function authorEthersMajor(dir: string): number | null {
  for (let at = dir; ; at = path.dirname(at)) {
    const pkg = path.join(at, 'node_modules', 'ethers', 'package.json');
    if (existsSync(pkg)) {
      const version = (JSON.parse(readFileSync(pkg, 'utf8')) as { version?: unknown }).version;
      return typeof version === 'string' ? Number.parseInt(version, 10) : null;
    }
    if (path.dirname(at) === at) return null;
  }
}

/**
 * Resolves a layer's `ethers5` / `ethers6` import to the author's `ethers` when it is the same major version, so
 * the bundle holds one copy of ethers and the objects the layer hands the task (a `BigNumber`, a provider) are
 * instances of the task's own classes; otherwise to the repository's.
 */
export function authorEthersPlugin(dir: string, known?: number): Plugin {
  const major = known ?? authorEthersMajor(dir);
  return {
    name: 'tickwork-author-ethers',
    setup(b) {
      b.onResolve({ filter: /^ethers[56]$/ }, async (args) => {
        if (!args.importer.startsWith(COMPAT) || major !== Number(args.path.slice(-1))) return undefined;
        const resolved = await b.resolve('ethers', { resolveDir: dir, kind: args.kind });
        return resolved.errors.length > 0 ? undefined : { path: resolved.path };
      });
    },
  };
}
