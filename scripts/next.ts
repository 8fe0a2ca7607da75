import path from 'node:path';

/**
 * The node arguments that run the Next CLI (`build`, `start`, `dev`) for this app: the server gets the preload
 * (lib/api/server-preload.cjs) that answers unparseable requests and malformed paths in the API's error shape and
 * records each connection's peer address in X-Forwarded-For.
 */
export const nextArgs = (args: string[]): string[] => [
  '--require',
  path.resolve('lib/api/server-preload.cjs'),
  path.resolve('node_modules/next/dist/bin/next'),
  ...args,
];
