import { cpSync, mkdirSync, mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const REPO = path.resolve(import.meta.dirname, '../..');

/**
 * A copy of test/corpus/defender/<name> in a temp folder, as its author would have it: a node_modules where
 * `ethers` is the repo's ethers v5 or v6 (no Defender package: the bundler's adapter replaces them).
 */
export function defenderAction(name: string, ethers: 5 | 6 | null = null): string {
  const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tickwork-defender-')), name);
  cpSync(path.join(REPO, 'test/corpus/defender', name), dir, { recursive: true });
  if (ethers) {
    mkdirSync(path.join(dir, 'node_modules'));
    symlinkSync(
      path.join(REPO, 'node_modules', `ethers${ethers}`),
      path.join(dir, 'node_modules', 'ethers'),
      'dir',
    );
  }
  return dir;
}
