import path from 'node:path';

/**
 * The repository's `sdk/` folder: the Tickwork SDK and the vendor compatibility layers (sdk/compat) that are
 * bundled into tasks. The app (`next start`) and the CLI (`npm run tickwork`) both run from the repository
 * root, so it is found from the working directory there, never from where this module was compiled to.
 */
export const SDK_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), 'sdk');

/**
 * The files outside sdk/ that the SDK's compatibility layers import (constants shared with the runner): the
 * only app files a task folder uploaded to the console may end up bundling.
 */
export const SDK_SHARED_FILES = ['lib/runtime/task-types.ts', 'lib/runtime/placeholder-hashes.ts'].map(
  (file) => path.join(/* turbopackIgnore: true */ process.cwd(), file),
);

/** The packages installed beside the app: what a task folder uploaded to the console may import. */
export const PLATFORM_MODULES = path.join(/* turbopackIgnore: true */ process.cwd(), 'node_modules');
