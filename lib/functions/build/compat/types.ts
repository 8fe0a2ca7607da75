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
  detect(entry: TaskEntry): boolean;
  /** What esbuild builds instead: a wrapper entry (resolved from the task folder) and extra plugins. */
  wrap(entry: TaskEntry): AdaptedEntry;
};

/** A task folder's entry file, its text and folder. */
export type TaskEntry = {
  file: string;
  source: string;
  dir: string;
  /**
   * The ethers major version the author's `ethers` resolves to, when the build decides it (a folder built in
   * the console brings no node_modules); else it is found by walking up the folder's node_modules.
   */
  ethersMajor?: number;
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
