import type { Plugin } from 'esbuild';

/**
 * A vendor's task style that `tickwork bundle` turns into a Tickwork task without touching the author's code
 * (docs/migrating.md): the bundler builds a small wrapper entry of the adapter's instead of the folder's entry,
 * with the adapter's plugins (e.g. resolving the vendor SDK to our compatibility layer).
 */
export type TaskAdapter = {
  /** Names the style in errors and `bundle`'s output, e.g. `gelato`. */
  name: string;
  /** True when the folder's entry (its path and text) is written for this vendor. */
  detect(entry: { file: string; source: string; dir: string }): boolean;
  /** What esbuild builds instead: a wrapper entry (resolved from the task folder) and extra plugins. */
  wrap(entry: { file: string; source: string; dir: string }): AdaptedEntry;
};

export type AdaptedEntry = {
  /** The wrapper entry's source (an ES module whose default export is a Tickwork task). */
  contents: string;
  plugins: Plugin[];
  /** Files the release ZIP carries besides index.js (e.g. a Gelato `schema.json`), by name. */
  files?: Record<string, Uint8Array>;
  /** What the build went on without, for the author to know (e.g. userArgs.json keys Gelato ignores too). */
  warnings?: string[];
};
