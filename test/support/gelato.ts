import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** Which package a corpus task's `import 'ethers'` gets: ethers 5 or ethers 6 (npm aliases in this repo). */
export type EthersMajor = 5 | 6;

/**
 * A copy of test/corpus/gelato/<name> in a temp dir, as an author's folder: its node_modules links `ethers` to
 * the chosen major and `ky`/`axios`/`viem` to the repository's copies. The Gelato SDK is not installed (the
 * bundler replaces it). Answers the folder.
 */
export function gelatoFolder(name: string, ethers: EthersMajor = 5): string {
  const root = mkdtempSync(path.join(tmpdir(), `gelato-${name}-`));
  const dir = path.join(root, name);
  cpSync(path.resolve(import.meta.dirname, '../corpus/gelato', name), dir, { recursive: true });
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  symlinkSync(path.join(REPO_MODULES, ethers === 5 ? 'ethers5' : 'ethers6'), path.join(modules, 'ethers'));
  for (const pkg of ['ky', 'axios', 'viem'])
    symlinkSync(path.join(REPO_MODULES, pkg), path.join(modules, pkg));
  return dir;
}

/** What ethers v5's @ethersproject packages need besides each other (not nested under node_modules/ethers5). */
const ETHERS5_OTHER_DEPENDENCIES = ['aes-js', 'bech32', 'elliptic', 'hash.js', 'scrypt-js'];

/**
 * Gives a Gelato folder its own installed ethers v5 (a real copy of the repository's, with its nested
 * @ethersproject packages) in place of the link to the repository's, as an author's `npm install` does: the
 * bundler sees two distinct copies and must not mix them. The few other packages it needs are linked.
 */
export function installOwnEthers5(dir: string): void {
  const modules = path.join(dir, 'node_modules');
  const target = path.join(modules, 'ethers');
  rmSync(target, { force: true });
  cpSync(path.join(REPO_MODULES, 'ethers5'), target, { recursive: true, dereference: true });
  for (const pkg of ETHERS5_OTHER_DEPENDENCIES)
    symlinkSync(path.join(REPO_MODULES, pkg), path.join(modules, pkg));
}
