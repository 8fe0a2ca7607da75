// `npm test`: builds the app, boots one throw-away deployment (embedded Postgres, anvil, `next start`),
// runs the integration suite (vitest) and the browser suite (Playwright in Debian Chromium) against it.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startTestStack } from '../test/support/stack';

const CHROMIUM = '/usr/bin/chromium';
const RUNSC = '/usr/bin/runsc';

/** Installs a Debian package the suite needs when its binary is missing (as root; else says how). */
function ensurePackage(binary: string, pkg: string, why: string) {
  if (existsSync(binary)) return;
  if (process.getuid?.() !== 0) throw new Error(`${why} needs ${binary}: apt-get install -y ${pkg}`);
  console.error(`[tickwork] installing Debian ${pkg} for ${why}…`);
  execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, {
    stdio: 'inherit',
  });
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

type Counts = { passed: number; failed: number; skipped: number };

function vitestCounts(file: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + r.numTodoTests };
}

function playwrightCounts(file: string): Counts {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const only = process.argv[2]; // 'integration' | 'e2e' | undefined (both)
ensurePackage(CHROMIUM, 'chromium', 'the browser tests (Playwright)');
ensurePackage(RUNSC, 'runsc', 'the gVisor runner tests');
if ((await run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], env)) !== 0) process.exit(1);

const stack = await startTestStack();
const reports = mkdtempSync(path.join(tmpdir(), 'tickwork-reports-'));
const suiteEnv: NodeJS.ProcessEnv = {
  ...env,
  TEST_BASE_URL: stack.baseUrl,
  TEST_DATABASE_URL: stack.databaseUrl,
  TEST_RPC_URL: stack.rpcUrl,
  TEST_BUNDLER_URL: stack.bundlerUrl,
  TEST_PAYMASTER_URL: stack.paymasterUrl,
  TEST_MASTER_KEY: stack.env.TICKWORK_MASTER_KEY,
  PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
};
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
try {
  const suites: [string, string[], (f: string) => Counts, string][] = [
    [
      'vitest',
      [
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${path.join(reports, 'vitest.json')}`,
      ],
      vitestCounts,
      'vitest.json',
    ],
    ['playwright', ['test', '--reporter=list,json'], playwrightCounts, 'playwright.json'],
  ];
  for (const [bin, args, counts, report] of suites) {
    if (only && (only === 'e2e') !== (bin === 'playwright')) continue;
    const code = await run(path.resolve('node_modules/.bin', bin), args, suiteEnv);
    if (code !== 0) exitCode = code;
    const file = path.join(reports, report);
    if (existsSync(file)) for (const [k, v] of Object.entries(counts(file))) totals[k as keyof Counts] += v;
    else totals.failed++;
  }
} finally {
  await stack.stop();
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
