import type { providers } from 'ethers5';
import type { Provider } from 'ethers6';
import {
  DefenderRelayProvider as DefenderRelayProviderV5,
  DefenderRelaySigner as DefenderRelaySignerV5,
} from './ethers5';
import { DefenderRelayProvider, DefenderRelaySigner } from './ethers6';
import { Relayer as BaseRelayer } from './relayer';

type EthersOptions = { ethersVersion?: 'v5' | 'v6' } & Record<string, unknown>;

/**
 * The relayer of `@openzeppelin/defender-sdk-relay-signer-client` (what `defender.relaySigner` answers). As in
 * defender-sdk, `getProvider()` and `getSigner()` are ethers v5 unless `{ ethersVersion: 'v6' }` is given.
 */
export class Relayer extends BaseRelayer {
  readonly #params: unknown;

  constructor(params: unknown) {
    super(params);
    this.#params = params;
  }

  getProvider(options?: EthersOptions): DefenderRelayProvider | DefenderRelayProviderV5 {
    return options?.ethersVersion === 'v6'
      ? new DefenderRelayProvider(this.#params)
      : new DefenderRelayProviderV5(this.#params);
  }

  async getSigner(
    provider: Provider | providers.Provider,
    options: EthersOptions = {},
  ): Promise<DefenderRelaySigner | DefenderRelaySignerV5> {
    return options.ethersVersion === 'v6'
      ? new DefenderRelaySigner(this.#params, provider as Provider, options)
      : new DefenderRelaySignerV5(this.#params, provider as providers.Provider, options);
  }

  getTransaction(_id?: unknown): Promise<never> {
    return this.unsupported('getTransaction');
  }

  getTransactionByNonce(_nonce?: unknown): Promise<never> {
    return this.unsupported('getTransactionByNonce');
  }

  listTransactions(_criteria?: unknown): Promise<never> {
    return this.unsupported('listTransactions');
  }

  cancelTransactionById(_id?: unknown): Promise<never> {
    return this.unsupported('cancelTransactionById');
  }
}

export { DefenderRelayProvider, DefenderRelayProviderV5, DefenderRelaySigner, DefenderRelaySignerV5 };
