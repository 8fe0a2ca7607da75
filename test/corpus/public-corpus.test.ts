import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import solc from 'solc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRelease } from '@/cli/commands/bundle';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { freePort } from '@/lib/net/free-port';
import { tickwork } from '../support/cli';

// The public corpus (test/corpus/public, provenance in SOURCES.md): Gelato Web3 Functions and Defender actions
// copied unmodified from their repositories, beside only what a user adds (permissions.json) and what this test
// needs to stand in for mainnet (corpus.json). Each is bundled with `tickwork bundle`'s buildRelease and, when
// that succeeds, run once with `tickwork test` on an anvil of its own. The table is each entry's outcome today:
// a fix that makes an entry run changes its row to 'passes' (docs/migrating.md lists the same table).

const PUBLIC = path.resolve(import.meta.dirname, 'public');
const REPO_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** What a corpus entry's corpus.json may say; `{{http}}` and `{{standIn}}` in strings are filled in here. */
type CorpusEntry = {
  /** Which ethers `import 'ethers'` gets (its @ethersproject packages come with it). */
  ethers: 5 | 6;
  /** Packages of this repository's node_modules the author would have installed besides ethers, ky, axios, viem. */
  packages?: string[];
  /** The run's args (`--args`): a Defender action's `event.request.body`, or userArgs over userArgs.json. */
  args?: Record<string, unknown>;
  /** Secrets bound to the run (`--env`), by the names the code reads. */
  secrets?: Record<string, string>;
  /** Addresses where the stand-in contract (stand-ins/CorpusStandIn.sol) is put before the runs. */
  standIns?: string[];
  /** What the entry needs that is not here (a public API, a mainnet contract, files around it). */
  needs?: string;
};

/** The default stand-in address the entries' secrets point at. */
const STAND_IN = '0x00000000000000000000000000000000000c0de1';

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

const entries = readdirSync(PUBLIC, { withFileTypes: true })
  .filter((source) => source.isDirectory() && source.name !== 'stand-ins')
  .flatMap((source) => readdirSync(path.join(PUBLIC, source.name)).map((name) => `${source.name}/${name}`))
  .sort();

const fill = (value: unknown, http: string): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll('{{http}}', http).replaceAll('{{standIn}}', STAND_IN));

/** The entry as its author's folder: a copy whose node_modules links what they would have installed. */
function authorFolder(root: string, name: string, entry: CorpusEntry): string {
  const dir = path.join(root, name);
  cpSync(path.join(PUBLIC, name), dir, { recursive: true });
  rmSync(path.join(dir, 'corpus.json'));
  const modules = path.join(dir, 'node_modules');
  mkdirSync(modules);
  const ethers = path.join(REPO_MODULES, `ethers${entry.ethers}`);
  symlinkSync(ethers, path.join(modules, 'ethers'));
  if (entry.ethers === 5)
    symlinkSync(path.join(ethers, 'node_modules/@ethersproject'), path.join(modules, '@ethersproject'));
  for (const pkg of ['ky', 'axios', 'viem', ...(entry.packages ?? [])]) {
    if (!existsSync(path.join(REPO_MODULES, pkg))) throw new Error(`${name}: ${pkg} is not installed here`);
    symlinkSync(path.join(REPO_MODULES, pkg), path.join(modules, pkg));
  }
  return dir;
}

/** The stand-in contract's runtime code, compiled with the repository's solc-js. */
function standInCode(): `0x${string}` {
  const source = readFileSync(path.join(PUBLIC, 'stand-ins/CorpusStandIn.sol'), 'utf8');
  const input = {
    language: 'Solidity',
    sources: { 'CorpusStandIn.sol': { content: source } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'cancun',
      outputSelection: { '*': { CorpusStandIn: ['evm.deployedBytecode.object'] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input)));
  const errors = (output.errors ?? []).filter((e: { severity: string }) => e.severity === 'error');
  if (errors.length > 0) throw new Error(JSON.stringify(errors));
  return `0x${output.contracts['CorpusStandIn.sol'].CorpusStandIn.evm.deployedBytecode.object}`;
}

/** Answers CoinGecko's simple price, and any POST (webhooks, Slack) with `{ ok: true }`. */
function startHttpStandIn(): Promise<Server> {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    res.setHeader('content-type', 'application/json');
    if (req.method === 'GET' && url.pathname.endsWith('/simple/price')) {
      const ids = (url.searchParams.get('ids') ?? '').split(',');
      res.end(JSON.stringify(Object.fromEntries(ids.map((id) => [id, { usd: 3141.59 }]))));
    } else if (req.method === 'POST') {
      req.resume();
      req.on('end', () => res.end(JSON.stringify({ ok: true })));
    } else {
      res.statusCode = 404;
      res.end('{}');
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

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
  root = mkdtempSync(path.join(tmpdir(), 'public-corpus-'));
  [chain, http] = await Promise.all([startAnvil({ port: await freePort() }), startHttpStandIn()]);
  const code = standInCode();
  const addresses = new Set(
    entries.flatMap((name) => (readEntry(name).standIns ?? []).map((a) => a.toLowerCase())),
  );
  for (const address of addresses) await rpc('anvil_setCode', [address, code]);
});
afterAll(async () => {
  await chain?.stop();
  await new Promise((resolve) => http?.close(resolve));
  if (root) rmSync(root, { recursive: true, force: true });
});

function readEntry(name: string): CorpusEntry {
  return JSON.parse(readFileSync(path.join(PUBLIC, name, 'corpus.json'), 'utf8'));
}

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

/** Bundles the entry; answers the `tickwork test` run to make, or the refusal. */
async function bundleEntry(name: string): Promise<{ outcome: string } | { run: () => Promise<string> }> {
  const entry = readEntry(name);
  const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const dir = authorFolder(root, name, entry);
  try {
    await buildRelease(dir);
  } catch (error) {
    return { outcome: `refused at bundle: ${(error as Error).message}` };
  }
  const flags = ['--rpc-url', chain.rpcUrl, '--json'];
  if (entry.args) {
    const file = path.join(path.dirname(dir), `${path.basename(dir)}.args.json`);
    writeFileSync(file, JSON.stringify(fill(entry.args, base)));
    flags.push('--args', file);
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
    flags.push('--env', file);
  }
  return {
    run: async () => {
      const { code, stdout, stderr } = await tickwork(['test', dir, ...flags], {
        env: { TICKWORK_SANDBOX_FETCH_PRIVATE: 'allow' },
      });
      const report = stdout ? JSON.parse(stdout) : null;
      if (code === 0)
        return report.result.canExec
          ? `passes: ${report.calls.length} call(s) ${report.calls.map((c: { to: string; data: string }) => `${c.to.slice(0, 8)}:${c.data.slice(0, 10)}`).join(' ')}`
          : `passes: skipped, ${report.result.message}`;
      // stderr may hold warning lines before the error's JSON line
      const error = report?.error ?? (stderr ? JSON.parse(stderr.trim().split('\n').at(-1) ?? '') : null);
      return `fails in test: ${error?.code ?? ''} ${error?.message ?? error?.error ?? stderr}`;
    },
  };
}

/** Whether an outcome is what the table expects: the same kind, and the expected text within it. */
const matches = (actual: string, expected: string) => {
  const kind = expected.split(':')[0];
  return actual.startsWith(`${kind}:`) && actual.includes(expected.slice(kind.length + 2));
};

describe('the public corpus, unmodified', () => {
  it('bundles and runs every entry with the outcome the table records', async () => {
    expect(entries).toEqual(Object.keys(EXPECTED).sort());
    const outcomes: Record<string, string> = {};
    const runs: [string, () => Promise<string>][] = [];
    for (const name of entries) {
      const bundled = await bundleEntry(name);
      if ('outcome' in bundled) outcomes[name] = bundled.outcome;
      else runs.push([name, bundled.run]);
    }
    const results = await pooled(
      runs.map(([, run]) => run),
      2,
    );
    runs.forEach(([name], i) => {
      outcomes[name] = results[i];
    });
    const shown = Object.fromEntries(
      entries.map((name) => [
        name,
        matches(outcomes[name], EXPECTED[name]) ? EXPECTED[name] : outcomes[name],
      ]),
    );
    expect(shown).toEqual(EXPECTED);
  }, 240_000);
});
