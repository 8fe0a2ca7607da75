import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { freePort } from '@/lib/net/free-port';
import { CliError } from '../output';

/**
 * A local anvil fork of `forkUrl` (at `forkBlock`, else its latest block) on a free port, for one run; stop it
 * afterwards. The fork answers with the forked chain's id.
 */
export async function startFork(forkUrl: string, forkBlock: bigint | undefined): Promise<LocalChain> {
  try {
    return await startAnvil({ port: await freePort(), forkUrl, forkBlock });
  } catch {
    // The URL may hold an API key: never quote it.
    throw new CliError('the anvil fork did not start: check --fork-url and --fork-block', {
      code: 'fork_failed',
    });
  }
}

export function parseBlock(text: string | undefined): bigint | undefined {
  if (text === undefined) return undefined;
  if (!/^(?:\d+|0x[0-9a-fA-F]+)$/.test(text))
    throw new CliError(`--fork-block ${text}: expected a block number`);
  return BigInt(text);
}
