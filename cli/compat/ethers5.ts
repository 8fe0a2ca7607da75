import { createRequire } from 'node:module';
import type { Plugin } from 'esbuild';

const require = createRequire(import.meta.url);

/**
 * What ethers v5 needs to bundle for the sandbox (a bare isolate): `inherits` (under hash.js) tries Node's
 * `util` first; its browser half needs nothing. Add it to an adapter whose layer imports `ethers5`.
 */
export const ethers5Plugin: Plugin = {
  name: 'tickwork-ethers5',
  setup(b) {
    b.onResolve({ filter: /^inherits$/ }, () => ({ path: require.resolve('inherits/inherits_browser.js') }));
  },
};
