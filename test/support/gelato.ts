import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** Which package a corpus task's `import 'ethers'` gets: ethers 5 or ethers 6 (npm aliases in this repo). */
export type EthersMajor = 5 | 6;

/**
 * A copy of test/corpus/gelato/<name> in a temp dir, as an author's folder: its node_modules links `ethers` to
 * the chosen major and `ky`/`axios` to the repository's copies. The Gelato SDK is not installed (the bundler
 * replaces it). Answers the folder.
 */
export function gelatoFolder(name: string, ethers: EthersMajor = 5): string {
  const root = mkdtempSync(path.join(tmpdir(), `gelato-${name}-`));
  const dir = path.join(root, name);
  cpSync(path.resolve(import.meta.dirname, '../corpus/gelato', name), dir, { recursive: true });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  symlinkSync(path.join(REPO_MODULES, ethers === 5 ? 'ethers5' : 'ethers6'), path.join(modules, 'ethers'));
  for (const pkg of ['ky', 'axios']) symlinkSync(path.join(REPO_MODULES, pkg), path.join(modules, pkg));
  return dir;
}
