// `npm test`: builds the app, boots a throw-away deployment per suite (embedded Postgres, anvil, `next start`),
// runs the integration suite (vitest) and the browser suite (Playwright in Debian Chromium) against them.
import { execSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
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

/**
 * Runs a suite to its exit code. With `prefix`, each line it prints is prefixed, so two suites running at once
 * stay readable in one log.
 */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, prefix?: string): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'],
      env,
    });
    if (prefix)
      for (const [from, to] of [
        [child.stdout, process.stdout],
        [child.stderr, process.stderr],
      ] as const)
        if (from) createInterface({ input: from }).on('line', (line) => to.write(`${prefix}${line}\n`));
    child.once('exit', (code) => resolve(code ?? 1));
  });
}

type Counts = { passed: number; failed: number; skipped: number };

function vitestCounts(file: string): Counts {
  const r = JSON.parse(readFileSync(file, 'utf8'));
  // a file that failed before any of its tests ran (it did not import) has no test to count: it is one failure
  const unloaded = (r.testResults as { status: string; assertionResults: unknown[] }[]).filter(
    (t) => t.status === 'failed' && t.assertionResults.length === 0,
  ).length;
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + unloaded,
    skipped: r.numPendingTests + r.numTodoTests,
  };
}

function playwrightCounts(file: string): Counts {
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  return { passed: stats.expected, failed: stats.unexpected + stats.flaky, skipped: stats.skipped };
}

type Suite = {
  bin: string;
  args: string[];
  counts: (file: string) => Counts;
  report: string;
  prefix?: string;
};

const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };
const only = process.argv[2]; // 'integration' | 'e2e' | undefined (both)
const reports = mkdtempSync(path.join(tmpdir(), 'tickwork-reports-'));
const suites: Suite[] = [
  {
    bin: 'vitest',
    args: [
      'run',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${path.join(reports, 'vitest.json')}`,
    ],
    counts: vitestCounts,
    report: 'vitest.json',
  },
  {
    bin: 'playwright',
    args: ['test', '--reporter=list,json'],
    counts: playwrightCounts,
    report: 'playwright.json',
  },
].filter((suite) => !only || (only === 'e2e') === (suite.bin === 'playwright'));
// Both suites at once, each against a deployment of its own (neither sees the other's chain cheats or load
// figures); the browser suite's lines are marked so the log stays readable.
if (suites.length > 1) suites[1].prefix = '[e2e] ';

/** Wall time per phase, printed at the end: where a run's time goes. */
const phases: string[] = [];
async function timed<T>(phase: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    phases.push(`${phase} ${((performance.now() - started) / 1000).toFixed(0)} s`);
  }
}

ensurePackage(CHROMIUM, 'chromium', 'the browser tests (Playwright)');
ensurePackage(RUNSC, 'runsc', 'the gVisor runner tests');
const built = await timed('build', () =>
  run(process.execPath, ['node_modules/next/dist/bin/next', 'build'], env),
);
if (built !== 0) process.exit(1);

const stacks = await timed('deployments', () => Promise.all(suites.map(() => startTestStack())));
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };
let exitCode = 0;
try {
  await Promise.all(
    suites.map(async (suite, i) => {
      const stack = stacks[i];
      const code = await timed(suite.bin, () =>
        run(
          path.resolve('node_modules/.bin', suite.bin),
          suite.args,
          {
            ...env,
            TEST_BASE_URL: stack.baseUrl,
            TEST_DATABASE_URL: stack.databaseUrl,
            TEST_RPC_URL: stack.rpcUrl,
            TEST_BUNDLER_URL: stack.bundlerUrl,
            TEST_PAYMASTER_URL: stack.paymasterUrl,
            TEST_MASTER_KEY: stack.env.TICKWORK_MASTER_KEY,
            PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json'),
          },
          suite.prefix,
        ),
      );
      if (code !== 0) exitCode = code;
      const file = path.join(reports, suite.report);
      if (existsSync(file))
        for (const [k, v] of Object.entries(suite.counts(file))) totals[k as keyof Counts] += v;
      else totals.failed++;
    }),
  );
} finally {
  await Promise.all(stacks.map((stack) => stack.stop()));
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
console.log(`time: ${phases.join(', ')} (reports in ${reports})`);
process.exit(exitCode || (totals.failed > 0 ? 1 : 0));
