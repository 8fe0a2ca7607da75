import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PLATFORM_MODULES } from './sdk-dir';

/** The ethers major version the folder's package.json asks for (`"ethers": "^5.7.2"` → 5), else 6. */
export function declaredEthersMajor(dir: string): 5 | 6 {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return 6;
  try {
    const pkg = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown> | undefined>;
    const range = pkg.dependencies?.ethers ?? pkg.devDependencies?.ethers;
    return typeof range === 'string' && /^\D*5\./.test(range) ? 5 : 6;
  } catch {
    return 6;
  }
}

/**
 * A folder uploaded to the console brings no node_modules: its `ethers` imports (subpaths included) resolve to
 * the platform's copy of the major version its package.json names, v6 when it names none. Gelato Web3 Functions
 * and Defender actions were mostly written for v5 and say so in their package.json.
 */
export function platformEthersPlugin(dir: string): Plugin {
  const major = declaredEthersMajor(dir);
  return {
    name: 'tickwork-platform-ethers',
    setup(b) {
      b.onResolve({ filter: /^ethers(\/|$)/ }, async (args) => {
        const resolved = await b.resolve(`ethers${major}${args.path.slice('ethers'.length)}`, {
          resolveDir: PLATFORM_MODULES,
          kind: args.kind,
        });
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
}
