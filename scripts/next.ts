import path from 'node:path';

/**
 * The node arguments that run the Next CLI (`build`, `start`, `dev`) for this app: the server gets the preload
 * that answers unparseable requests in the API's error shape (lib/api/client-errors.cjs).
 */
export const nextArgs = (args: string[]): string[] => [
  '--require',
  path.resolve('lib/api/client-errors.cjs'),
  path.resolve('node_modules/next/dist/bin/next'),
  ...args,
];
