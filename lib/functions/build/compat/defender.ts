import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { SDK_DIR } from '../sdk-dir';
import { authorEthersPlugin } from './author-ethers';
import { browserPlatformPlugin } from './browser-platform';
import { ethers5Plugin } from './ethers5';
import type { TaskAdapter } from './types';

/** The compatibility layer (guest code bundled into the task), sdk/compat/defender. */
const LAYER = path.join(SDK_DIR, 'compat/defender');

/** The Defender client import paths (old `defender-*` clients and defender-sdk) → the layer's module. */
const ROUTES: [RegExp, string][] = [
  [/^(?:@openzeppelin\/)?defender-relay-client$/, 'relayer.ts'],
  [/^(?:@openzeppelin\/)?defender-relay-client\/lib\/ethers(?:\/.*)?$/, 'ethers5.ts'],
  [/^(?:@openzeppelin\/)?defender-relay-client\/lib\/web3(?:\/.*)?$/, 'web3.ts'],
  [/^(?:@openzeppelin\/)?defender-kvstore-client$/, 'kvstore.ts'],
  [/^@openzeppelin\/defender-sdk$/, 'defender-sdk.ts'],
  [/^@openzeppelin\/defender-sdk-relay-signer-client(?:\/lib\/ethers(?:\/.*)?)?$/, 'relay-signer.ts'],
  [/^@openzeppelin\/defender-sdk-relay-signer-client\/lib\/web3(?:\/.*)?$/, 'web3.ts'],
  [/^@openzeppelin\/defender-sdk-key-value-store-client$/, 'kvstore.ts'],
];

/** A `handler` export, CommonJS or ESM. */
const HANDLER_EXPORTS = [
  /\b(?:module\.)?exports\.handler\s*=/,
  /\bmodule\.exports\s*=\s*\{[^}]*\bhandler\b/,
  /\bexport\s+(?:async\s+)?function\s*\*?\s*handler\b/,
  /\bexport\s+(?:const|let|var)\s+handler\b/,
  /\bexport\s*\{[^}]*\bhandler\b[^}]*\}/,
];

/** Written for another platform: a Tickwork task, or a Gelato Web3 Function (its own adapter). */
const OTHER_STYLES = [
  /@tickwork\/sdk/,
  /\bdefineTask\s*\(/,
  /__tickworkTask/,
  /@gelatonetwork\/web3-functions-sdk/,
];

export function isDefenderAction(source: string): boolean {
  return HANDLER_EXPORTS.some((re) => re.test(source)) && !OTHER_STYLES.some((re) => re.test(source));
}

/** Resolves the Defender clients to the layer. */
const defenderPlugin: Plugin = {
  name: 'tickwork-defender',
  setup(b) {
    b.onResolve({ filter: /^(?:@openzeppelin\/)?defender-/ }, (args) => {
      const route = ROUTES.find(([re]) => re.test(args.path));
      return route ? { path: path.join(LAYER, route[1]) } : undefined;
    });
  },
};

/** The action's name for `event.actionName`: its package.json name, else the folder's name. */
function actionName(dir: string): string {
  const pkgFile = path.join(dir, 'package.json');
  if (existsSync(pkgFile)) {
    const name = (JSON.parse(readFileSync(pkgFile, 'utf8')) as { name?: unknown }).name;
    if (typeof name === 'string' && name !== '') return name;
  }
  return path.basename(dir);
}

/** Defender Actions (formerly Autotasks): an entry exporting `handler(event)` (docs/migrating.md). */
export const defenderAdapter: TaskAdapter = {
  name: 'defender',
  detect: ({ source }) => isDefenderAction(source),
  wrap: ({ file, dir, ethersMajor }) => ({
    contents: [
      `import * as action from ${JSON.stringify(file)};`,
      `import { defenderTask } from ${JSON.stringify(path.join(LAYER, 'task.ts'))};`,
      `export default defenderTask(action, ${JSON.stringify(actionName(dir))});`,
      '',
    ].join('\n'),
    plugins: [defenderPlugin, authorEthersPlugin(dir, ethersMajor), ethers5Plugin, browserPlatformPlugin],
  }),
};
