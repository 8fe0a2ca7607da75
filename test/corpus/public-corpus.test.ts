import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { test as testCommand } from '@/cli/commands/test';
import { CliError } from '@/cli/output';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { BuildError } from '@/lib/functions/build/build-error';
import { freePort } from '@/lib/net/free-port';
import { type CliRun, tickwork } from '../support/cli';
import {
  authorFolder,
  corpusEntries,
  fill,
  readEntry,
  standInCode,
  startHttpStandIn,
} from '../support/public-corpus';

// The public corpus (test/corpus/public, provenance in SOURCES.md): Gelato Web3 Functions and Defender actions
// copied unmodified from their repositories, beside only what a user adds (permissions.json) and what this test
// needs to stand in for mainnet (corpus.json). Each goes once through `tickwork test`, which bundles it with
// `tickwork bundle`'s buildRelease and runs it, on an anvil of its own. The table is each entry's outcome today:
// a fix that makes an entry run changes its row to 'passes' (docs/migrating.md lists the same table).

const EXPECTED: Record<string, string> = {
  // their local-run block (`if (require.main === module) { require('dotenv')… }`) is bundled away
  'defender-autotask-examples/chainlink-low-funds': 'passes: 1 call(s) 0x42dD77:0x948108f7',
  'defender-autotask-examples/relay-client': 'passes: 1 call(s) 0xc7dd3F:0x',
  'defender-autotask-examples/relay-ethers': 'passes: skipped, the action sent no transactions',
  'defender-autotask-examples/simple-keeper': 'passes: 1 call(s) 0xe7F4ab:0x322e9f04',
  'defender-autotask-examples/typescript': 'passes: skipped, the action sent no transactions',
  'defender-templates/account-low-on-gas':
    'passes: skipped, {"matches":[{"hash":"0xabababababababababababababababababababababababababababababababab","metadata":{"address":"0x000000000000000000000000000000000000dEaD","balance":{"type":"BigNumber","hex":"0x00"},"minimum":"1.0"}}]}',
  'defender-templates/detect-low-balance': 'refused at bundle: Could not resolve "../../config.dev.yml"',
  'defender-templates/governance-alert':
    'passes: skipped, {"messageList":["**Canceled Proposal** Proposal 42..42 ⛔ [TX](<[redacted]/0xabababababababababababababababababababababababababababababababab>)"]}',
  'defender-templates/governance-summary': 'passes: skipped, true',
  'defender-templates/governor-automation': 'passes: skipped, true',
  'defender-templates/mint-poap': 'passes: 1 call(s) 0x000000:0x40c10f19',
  'defender-templates/refill-tokens': 'passes: 1 call(s) 0x000000:0x40c10f19',
  'gelato-hardhat-template/event-filter-webhook': 'passes: skipped, Event processed and webhook called',
  'gelato-hardhat-template/oracle-callback-slack': 'passes: skipped, Coingecko call failed',
  'gelato-template/advertising-board': 'passes: skipped, QuoteApi call failed',
  'gelato-template/event-listener': 'passes: skipped, Total events matched: 0',
  'gelato-template/hello-world':
    'passes: skipped, canExec: true with an empty callData list: nothing to execute',
  'gelato-template/oracle': 'passes: skipped, Coingecko call failed',
  // no api.github.com here: "could not be resolved"; with network access, GitHub's answer for a gist that is not there
  'gelato-template/private': 'passes: skipped, Error fetching gist',
  'gelato-template/secrets': 'passes: 1 call(s) 0x71B9B0:0x8d6cc56d',
  'gelato-template/storage': 'passes: skipped, Updated block number',
};

const entries = corpusEntries();

/**
 * The entries whose `tickwork test` is started as a user starts it (test/support/cli.ts), one of each source:
 * a call sent, a monitor's report, an event-triggered run that warns on stderr, a secret from `--env`. The
 * others call the same command in this worker, which bundles and runs them alike and spares each a CLI start
 * (tsx loading the command's modules: about 3 s of CPU, more than its bundle and run). Only entries that bundle
 * belong here: the CLI prints a refusal like any other error, and only `testHere` tells it by its type.
 */
const THROUGH_THE_CLI = new Set([
  'defender-autotask-examples/simple-keeper',
  'defender-templates/account-low-on-gas',
  'gelato-hardhat-template/event-filter-webhook',
  'gelato-template/secrets',
]);

/**
 * Started first: with no api.github.com here its octokit retries for about 14 s before it gives up, a wait the
 * other runs fill instead of leaving it alone at the end.
 */
const WAITS_ON_RETRIES = 'gelato-template/private';

/** At most `limit` of the jobs at once, answers in order. */
async function pooled<T>(jobs: (() => Promise<T>)[], limit: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      results[i] = await jobs[i]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

let chain: LocalChain;
let http: Server;
let root: string;
beforeAll(async () => {
  // the command in this worker sees the environment the CLI helper gives its child: no TICKWORK_* but this one
  for (const key of Object.keys(process.env)) if (key.startsWith('TICKWORK_')) vi.stubEnv(key, undefined);
  vi.stubEnv('TICKWORK_SANDBOX_FETCH_PRIVATE', 'allow');
  root = mkdtempSync(path.join(tmpdir(), 'public-corpus-'));
  [chain, http] = await Promise.all([startAnvil({ port: await freePort() }), startHttpStandIn()]);
  const code = standInCode();
  const addresses = new Set(
    entries.flatMap((name) => (readEntry(name).standIns ?? []).map((a) => a.toLowerCase())),
  );
  for (const address of addresses) await rpc('anvil_setCode', [address, code]);
});
afterAll(async () => {
  vi.unstubAllEnvs();
  await chain?.stop();
  await new Promise((resolve) => http?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

async function rpc(method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

/** The table's row for what `tickwork test` printed: its report, or the error it printed instead. */
function outcomeOf({ code, stdout, stderr }: CliRun): string {
  const report = stdout ? JSON.parse(stdout) : null;
  if (code === 0)
    return report.result.canExec
      ? `passes: ${report.calls.length} call(s) ${report.calls.map((c: { to: string; data: string }) => `${c.to.slice(0, 8)}:${c.data.slice(0, 10)}`).join(' ')}`
      : `passes: skipped, ${report.result.message}`;
  // stderr may hold warning lines before the error's JSON line
  const error = report?.error ?? (stderr ? JSON.parse(stderr.trim().split('\n').at(-1) ?? '') : null);
  return `fails in test: ${error?.code ?? ''} ${error?.message ?? error?.error ?? stderr}`;
}

/** `tickwork test` called in this worker: a refusal to bundle told by its type, else the row of what the CLI prints. */
async function testHere(argv: string[]): Promise<string> {
  try {
    const printed = await testCommand(argv);
    return outcomeOf({ code: printed.exitCode, stdout: printed.text, stderr: '' });
  } catch (error) {
    if (error instanceof BuildError) return `refused at bundle: ${error.message}`;
    const extra = error instanceof CliError ? error.extra : undefined;
    return outcomeOf({
      code: 1,
      stdout: '',
      stderr: JSON.stringify({ error: (error as Error).message, ...extra }),
    });
  }
}

/** The entry's folder, args and secrets written out, and its one `tickwork test` run. */
async function runEntry(name: string): Promise<string> {
  const entry = readEntry(name);
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const dir = authorFolder(root, name, entry);
  const argv = ['test', dir, '--rpc-url', chain.rpcUrl, '--json'];
  if (entry.args) {
    const file = path.join(path.dirname(dir), `${path.basename(dir)}.args.json`);
    writeFileSync(file, JSON.stringify(fill(entry.args, base)));
    argv.push('--args', file);
  }
  if (entry.secrets) {
    const file = path.join(path.dirname(dir), `${path.basename(dir)}.env`);
    const secrets = fill(entry.secrets, base) as Record<string, string>;
    writeFileSync(
      file,
      Object.entries(secrets)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
    );
    argv.push('--env', file);
  }
  if (!THROUGH_THE_CLI.has(name)) return testHere(argv.slice(1));
  return outcomeOf(await tickwork(argv, { env: { TICKWORK_SANDBOX_FETCH_PRIVATE: 'allow' } }));
}

/** Whether an outcome is what the table expects: the same kind, and the expected text within it. */
const matches = (actual: string, expected: string) => {
  const kind = expected.split(':')[0];
  return actual.startsWith(`${kind}:`) && actual.includes(expected.slice(kind.length + 2));
};

describe('the public corpus, unmodified', () => {
  it('bundles and runs every entry with the outcome the table records', async () => {
    expect(entries).toEqual(Object.keys(EXPECTED).sort());
    const order = [...entries].sort(
      (a, b) => Number(b === WAITS_ON_RETRIES) - Number(a === WAITS_ON_RETRIES),
    );
    const results = await pooled(
      order.map((name) => () => runEntry(name)),
      2,
    );
    const outcomes = Object.fromEntries(order.map((name, i) => [name, results[i]]));
    const shown = Object.fromEntries(
      entries.map((name) => [
        name,
        matches(outcomes[name], EXPECTED[name]) ? EXPECTED[name] : outcomes[name],
      ]),
    );
    expect(shown).toEqual(EXPECTED);
  }, 240_000);
});
