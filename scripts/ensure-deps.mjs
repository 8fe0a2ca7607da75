// Installs dependencies when node_modules is missing or older than package.json / package-lock.json, so the
// start and test commands work on a fresh clone with nothing but Node and npm. Plain Node: runs before any install.
// `npm install` rather than `npm ci`: the lock holds only this platform's optional binaries (the registry
// mirror serves no others), which `npm ci` refuses as out of sync.
import { execSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const stampFile = 'node_modules/.tickwork-deps';
const digest = () =>
  createHash('sha256')
    .update(readFileSync('package.json'))
    .update(existsSync('package-lock.json') ? readFileSync('package-lock.json') : '')
    .digest('hex');

if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== digest()) {
  console.error('[tickwork] installing dependencies…');
  execSync('npm install --no-audit --no-fund', { stdio: ['ignore', 'inherit', 'inherit'] });
  writeFileSync(stampFile, digest());
}
