import path from 'node:path';
import type { Plugin } from 'esbuild';
import { PLATFORM_MODULES } from '../sdk-dir';

/**
 * `@ethersproject/random` without a secure source: the sandbox has no crypto.getRandomValues, and the original
 * warns at load ("Missing strong random number source") before failing on use. This one only fails on use,
 * naming what is missing.
 */
const NO_RANDOM_SOURCE = `export function randomBytes() {
  throw new Error('randomBytes (ethers v5) is not available in the Tickwork sandbox: it has no secure random source (crypto.getRandomValues)');
}
`;

/**
 * What ethers v5 needs to bundle for the sandbox (a bare isolate): `inherits` (under hash.js) tries Node's
 * `util` first; its browser half needs nothing. `@ethersproject/random` is replaced (see NO_RANDOM_SOURCE).
 * Add it to an adapter whose layer imports `ethers5`.
 */
export const ethers5Plugin: Plugin = {
  name: 'tickwork-ethers5',
  setup(b) {
    b.onResolve({ filter: /^inherits$/ }, () => ({
      path: path.join(PLATFORM_MODULES, 'inherits/inherits_browser.js'),
    }));
    b.onLoad({ filter: /[\\/]@ethersproject[\\/]random[\\/]lib(\.esm)?[\\/](browser-)?random\.js$/ }, () => ({
      contents: NO_RANDOM_SOURCE,
      loader: 'js',
    }));
  },
};
