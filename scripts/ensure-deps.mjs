// Installs dependencies when node_modules is missing or older than package-lock.json, so that the start
// and test commands work on a fresh clone with nothing but Node and npm. Plain Node: runs before any install.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const stampFile = 'node_modules/.tickwork-deps';
const lock = existsSync('package-lock.json')
  ? readFileSync('package-lock.json')
  : readFileSync('package.json');
const digest = createHash('sha256').update(lock).digest('hex');

if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== digest) {
  console.error('[tickwork] installing dependencies (npm ci)…');
  execSync(
    existsSync('package-lock.json') ? 'npm ci --no-audit --no-fund' : 'npm install --no-audit --no-fund',
    {
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  writeFileSync(stampFile, digest);
}
