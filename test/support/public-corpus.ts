// The public corpus (test/corpus/public, provenance in its SOURCES.md) as tests use it: each entry's corpus.json,
// its folder as its author had it, the stand-in contract for the mainnet contracts it names, and an HTTP stand-in
// for the public APIs it asks. Shared by the corpus's own test (bundle + `tickwork test`) and the engine's.
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import path from 'node:path';
import solc from 'solc';

export const PUBLIC = path.resolve(import.meta.dirname, '../corpus/public');
const REPO_MODULES = path.resolve(import.meta.dirname, '../../node_modules');

/** What a corpus entry's corpus.json may say; `{{http}}` and `{{standIn}}` in strings are filled in here. */
export type CorpusEntry = {
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
export const STAND_IN = '0x00000000000000000000000000000000000c0de1';

/** Every entry, as `<source>/<name>`, sorted. */
export const corpusEntries = () =>
  readdirSync(PUBLIC, { withFileTypes: true })
    // stand-ins: our contract; defender-serverless: Defender's deployment files (test/cli/defender-import.test.ts)
    .filter((source) => source.isDirectory() && !['stand-ins', 'defender-serverless'].includes(source.name))
    .flatMap((source) => readdirSync(path.join(PUBLIC, source.name)).map((name) => `${source.name}/${name}`))
    .sort();

export function readEntry(name: string): CorpusEntry {
  return JSON.parse(readFileSync(path.join(PUBLIC, name, 'corpus.json'), 'utf8'));
}

/** `{{http}}` (the HTTP stand-in's base URL) and `{{standIn}}` filled into an entry's values. */
export const fill = (value: unknown, http: string): unknown =>
  JSON.parse(JSON.stringify(value).replaceAll('{{http}}', http).replaceAll('{{standIn}}', STAND_IN));

/** The entry as its author's folder: a copy whose node_modules links what they would have installed. */
export function authorFolder(root: string, name: string, entry: CorpusEntry): string {
  const dir = path.join(root, name);
  cpSync(path.join(PUBLIC, name), dir, { recursive: true });
  rmSync(path.join(dir, 'corpus.json'));
  linkAuthorModules(dir, name, entry);
  return dir;
}

/** `dir/node_modules` linking what the entry's author would have installed (the repository's copies). */
export function linkAuthorModules(dir: string, name: string, entry: CorpusEntry) {
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
}

/** The stand-in contract's runtime code, compiled with the repository's solc-js. */
export function standInCode(): `0x${string}` {
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
export function startHttpStandIn(): Promise<Server> {
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
