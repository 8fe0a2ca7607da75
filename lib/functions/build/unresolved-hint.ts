import { isBuiltin } from 'node:module';
import path from 'node:path';
import type { Message } from 'esbuild';

// One short hint for esbuild's "Could not resolve" errors, whose list says what is missing but not why.

const UNRESOLVED = /^Could not resolve "(.+)"$/;

/** The package a file belongs to (`node_modules/dotenv/lib/main.js` → dotenv), or null for the task's own. */
function packageOf(file: string): string | null {
  const parts = file.split(/[\\/]/);
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  return parts[at + 1].startsWith('@') ? parts.slice(at + 1, at + 3).join('/') : parts[at + 1];
}

const list = (names: Set<string>) => [...names].join(', ');

/**
 * What to change, when the build failed on imports that cannot work: Node built-ins (the sandbox has none),
 * relative paths that leave the task folder (the bundle holds only the folder), packages not installed. `dir`
 * is the task folder; esbuild's locations are relative to it. `packages` says where packages come from: the
 * folder's own node_modules (the CLI), or the platform's (a folder uploaded to the console brings none). Null
 * when no error is of those kinds.
 */
export function unresolvedHint(
  errors: Message[],
  dir: string,
  packages: 'folder' | 'platform' = 'folder',
): string | null {
  const builtins = new Set<string>();
  const importers = new Set<string>();
  const outside = new Set<string>();
  const missing = new Set<string>();
  for (const error of errors) {
    const spec = UNRESOLVED.exec(error.text)?.[1];
    if (!spec) continue;
    const file = error.location?.file ?? '';
    if (isBuiltin(spec)) {
      builtins.add(spec.replace(/^node:/, ''));
      importers.add(packageOf(file) ?? file);
    } else if (spec.startsWith('.') || path.isAbsolute(spec)) {
      const target = path.resolve(dir, path.dirname(file), spec);
      if (path.relative(dir, target).startsWith('..') || path.isAbsolute(path.relative(dir, target)))
        outside.add(spec);
    } else
      missing.add(
        spec
          .split('/')
          .slice(0, spec.startsWith('@') ? 2 : 1)
          .join('/'),
      );
  }
  const hints: string[] = [];
  if (builtins.size > 0)
    hints.push(
      `${list(builtins)} ${builtins.size === 1 ? 'is a Node-only module' : 'are Node-only modules'} (imported by ${list(importers)}): a task runs in a sandbox without Node's built-ins; drop the import or use what the sandbox gives (fetch, the run's secrets and storage)`,
    );
  if (outside.size > 0)
    hints.push(
      `${list(outside)} ${outside.size === 1 ? 'is' : 'are'} outside the task folder: the bundle holds only the folder, so copy ${outside.size === 1 ? 'it' : 'them'} in and import from there`,
    );
  if (missing.size > 0)
    hints.push(
      packages === 'folder'
        ? `${list(missing)} ${missing.size === 1 ? 'is' : 'are'} not installed in the task folder: npm install ${list(missing).replaceAll(',', '')} there`
        : `${list(missing)} ${missing.size === 1 ? 'is' : 'are'} not among the packages the console builds with (docs/bundle-format.md): bundle the folder with \`tickwork bundle\` and upload the ZIP`,
    );
  return hints.length > 0 ? hints.join('. ') : null;
}
