import path from 'node:path';
import type { Plugin } from 'esbuild';

/**
 * Refuses to read any file outside `roots` (folders, or single files) into the bundle. A folder uploaded to the console is built on the
 * server: without this, `import '/etc/hostname'` or `../../.env` would copy the server's own files into a
 * release its author can download. Runs before every other loader.
 */
export function confinePlugin(roots: string[]): Plugin {
  const inside = (file: string) =>
    roots.some((root) => {
      const relative = path.relative(root, file);
      return !relative.startsWith('..') && !path.isAbsolute(relative);
    });
  return {
    name: 'tickwork-confine',
    setup(b) {
      b.onLoad({ filter: /.*/, namespace: 'file' }, (args) =>
        inside(args.path)
          ? undefined
          : { errors: [{ text: 'only files inside the uploaded folder can be imported' }] },
      );
    },
  };
}
