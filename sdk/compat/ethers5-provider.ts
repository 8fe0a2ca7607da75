import { providers } from 'ethers5';
import type { TaskChain } from '../index';

/**
 * An ethers v5 provider for vendor tasks (Gelato, Defender) whose every request goes through `ctx.chain`, so it
 * is counted and allowlisted like the task's own. The network is fixed: no `eth_chainId` before each call.
 */
export class TaskChainProvider extends providers.StaticJsonRpcProvider {
  readonly #chain: TaskChain;

  constructor(chain: TaskChain) {
    super(undefined, { chainId: chain.id, name: `chain-${chain.id}` });
    this.#chain = chain;
  }

  override send(method: string, params: unknown[]): Promise<unknown> {
    return this.#chain.request({ method, params });
  }
}
