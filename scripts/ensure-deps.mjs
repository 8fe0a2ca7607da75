// Installs dependencies when node_modules is missing or older than package.json / package-lock.json, so the
// start and test commands work on a fresh clone with nothing but Node and npm. Plain Node: runs before any install.
// A fresh clone gets `npm ci` (exactly the committed lock, which holds every platform's optional packages, so it
// is never rewritten); an existing node_modules after a dependency change gets `npm install`.
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
  const command = existsSync('node_modules') ? 'npm install' : 'npm ci';
  execSync(`${command} --no-audit --no-fund`, { stdio: ['ignore', 'inherit', 'inherit'] });
  writeFileSync(stampFile, digest());
}
