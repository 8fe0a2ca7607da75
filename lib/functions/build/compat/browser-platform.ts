import type { Plugin } from 'esbuild';

/**
 * Builds a vendor task for the browser platform, as Gelato's and Defender's own bundlers did: packages
 * (ethers v6, axios…) then swap their Node-only files (crypto, ws, http) for the browser ones their
 * package.json names. The sandbox gives them the web globals those expect (lib/runtime/polyfills.ts).
 */
export const browserPlatformPlugin: Plugin = {
  name: 'tickwork-browser-platform',
  setup(b) {
    b.initialOptions.platform = 'browser';
    b.initialOptions.mainFields = ['browser', 'module', 'main'];
  },
};
