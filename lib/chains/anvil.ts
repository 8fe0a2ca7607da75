import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

export type LocalChain = { rpcUrl: string; stop: () => Promise<void> };

const require = createRequire(import.meta.url);

/** The anvil binary shipped inside `@foundry-rs/anvil-linux-amd64` (no download at install or run time). */
function anvilBinary(): string {
  const pkg = require.resolve('@foundry-rs/anvil-linux-amd64/package.json');
  return path.join(path.dirname(pkg), 'bin', 'anvil');
}

async function rpcAnswers(rpcUrl: string): Promise<boolean> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    });
    return res.ok;
  } catch {
    return false;
  }
}

export type AnvilOptions = {
  port: number;
  /** Keeps the chain across restarts of the dev command. */
  stateFile?: string;
  /** Forks this chain (its chain id, state read lazily from it) instead of starting an empty 31337. */
  forkUrl?: string;
  /** The block a fork starts from; the fork URL's latest block when absent. */
  forkBlock?: bigint;
};

/**
 * Starts anvil (chain 31337, or a fork of `forkUrl`) on `port`, or joins one already answering there.
 */
export async function startAnvil(opts: AnvilOptions): Promise<LocalChain> {
  const rpcUrl = `http://127.0.0.1:${opts.port}`;
  if (await rpcAnswers(rpcUrl)) return { rpcUrl, stop: async () => {} };

  const args = ['--port', String(opts.port), '--host', '127.0.0.1', '--code-size-limit', '65536', '--silent'];
  if (opts.stateFile) args.push('--state', opts.stateFile);
  if (opts.forkUrl) args.push('--fork-url', opts.forkUrl);
  if (opts.forkUrl && opts.forkBlock !== undefined) args.push('--fork-block-number', String(opts.forkBlock));
  const child: ChildProcess = spawn(anvilBinary(), args, { stdio: ['ignore', 'ignore', 'inherit'] });
  // A fork reads the chain before it answers: give it longer than a fresh chain.
  const attempts = opts.forkUrl ? 600 : 100;
  for (let i = 0; i < attempts; i++) {
    if (await rpcAnswers(rpcUrl)) {
      return {
        rpcUrl,
        stop: async () => {
          if (child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGTERM');
          await exited;
        },
      };
    }
    if (child.exitCode !== null) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`anvil did not start on port ${opts.port}`);
}
