import { BigNumber, type providers, Signer, utils } from 'ethers5';
import { TaskChainProvider } from '../ethers5-provider';
import { type ActionRun, collect, runOf, UnsupportedDefenderApi } from './run';

type TransactionRequest = providers.TransactionRequest;
type TransactionResponse = providers.TransactionResponse;
type TransactionReceipt = providers.TransactionReceipt;

const logger = new utils.Logger('tickwork-defender');

/**
 * The receipt `wait()` answers at once: the transaction is only submitted after the action returns, so
 * nothing is mined inside the run. No status, no block, no logs (docs/migrating.md).
 */
function pendingReceipt(run: ActionRun, hash: string, to: string): TransactionReceipt {
  const zero = BigNumber.from(0);
  return {
    to,
    from: run.ctx.execution.sender,
    contractAddress: null as unknown as string,
    transactionIndex: 0,
    gasUsed: zero,
    logsBloom: '0x',
    blockHash: null as unknown as string,
    transactionHash: hash,
    logs: [],
    blockNumber: null as unknown as number,
    confirmations: 0,
    cumulativeGasUsed: zero,
    effectiveGasPrice: zero,
    byzantium: true,
    type: 2,
    status: undefined,
  };
}

/** `DefenderRelayProvider` (ethers v5): the profile's chain through `ctx.chain`. */
export class DefenderRelayProvider extends TaskChainProvider {
  readonly #run: ActionRun;

  constructor(readonly credentials: unknown) {
    const run = runOf(credentials, 'DefenderRelayProvider');
    super(run.ctx.chain);
    this.#run = run;
  }

  /** A placeholder hash of this run answers the pending receipt instead of polling forever. */
  override async getTransactionReceipt(hash: string | Promise<string>): Promise<TransactionReceipt> {
    const resolved = await hash;
    const index = this.#run.hashes.indexOf(resolved.toLowerCase() as `0x${string}`);
    if (index >= 0) return pendingReceipt(this.#run, resolved, this.#run.calls[index].to);
    return super.getTransactionReceipt(resolved);
  }
}

/**
 * `DefenderRelaySigner` (ethers v5): the profile's address; `sendTransaction` (and so every state-changing
 * contract call) collects the transaction as a call of the run instead of sending it. As on Defender, a
 * transaction without `gasLimit` is estimated first (eth_estimateGas from the profile's sending address, through
 * `ctx.chain`), and one that would revert throws ethers' UNPREDICTABLE_GAS_LIMIT error and is not collected, so
 * an action's `catch` runs as it did there.
 */
export class DefenderRelaySigner extends Signer {
  declare readonly provider: providers.Provider;
  readonly #run: ActionRun;
  #estimator?: TaskChainProvider;

  constructor(
    readonly credentials: unknown,
    provider: providers.Provider | undefined,
    readonly options: Record<string, unknown> = {},
  ) {
    super();
    this.#run = runOf(credentials, 'DefenderRelaySigner');
    utils.defineReadOnly(this, 'provider', provider ?? new DefenderRelayProvider(credentials));
  }

  async getAddress(): Promise<string> {
    return this.#run.ctx.execution.sender;
  }

  connect(provider: providers.Provider): DefenderRelaySigner {
    return new DefenderRelaySigner(this.credentials, provider, this.options);
  }

  async sendTransaction(transaction: utils.Deferrable<TransactionRequest>): Promise<TransactionResponse> {
    const tx = await utils.resolveProperties(transaction);
    const to = tx.to == null ? undefined : await this.#resolveTo(tx.to);
    const data = tx.data == null ? undefined : utils.hexlify(tx.data);
    if (tx.gasLimit == null && to !== undefined) await this.#estimateGas({ to, data, value: tx.value });
    const call = collect(this.#run, 'DefenderRelaySigner.sendTransaction', {
      to,
      data,
      value: tx.value as never,
    });
    const run = this.#run;
    return {
      hash: call.hash,
      to: call.to,
      from: run.ctx.execution.sender,
      nonce: call.index,
      gasLimit: BigNumber.from(tx.gasLimit ?? 0),
      data: call.data,
      value: BigNumber.from(call.value),
      chainId: run.ctx.chain.id,
      confirmations: 0,
      blockNumber: undefined,
      blockHash: undefined,
      type: 2,
      wait: async () => pendingReceipt(run, call.hash, call.to),
    } as TransactionResponse;
  }

  /** Throws as Defender's signer does when the node cannot estimate the transaction (it would revert). */
  async #estimateGas(tx: TransactionRequest): Promise<void> {
    const from = this.#run.ctx.execution.sender;
    this.#estimator ??= new TaskChainProvider(this.#run.ctx.chain);
    await this.#estimator
      .estimateGas({ ...tx, from })
      .catch((error: unknown) =>
        logger.throwError(
          'cannot estimate gas; transaction may fail or may require manual gas limit',
          utils.Logger.errors.UNPREDICTABLE_GAS_LIMIT,
          { error, tx: { ...tx, from } },
        ),
      );
  }

  async #resolveTo(to: string): Promise<string> {
    if (utils.isAddress(to)) return utils.getAddress(to);
    const resolved = await this.provider.resolveName(to);
    if (!resolved) throw new Error(`DefenderRelaySigner.sendTransaction: cannot resolve "${to}"`);
    return resolved;
  }

  signMessage(_message: utils.Bytes | string): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner.signMessage',
        'the profile does not sign messages for actions',
      ),
    );
  }

  _signTypedData(): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner._signTypedData',
        'the profile does not sign messages for actions',
      ),
    );
  }

  signTransaction(_transaction: utils.Deferrable<TransactionRequest>): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner.signTransaction',
        'the profile signs and submits the calls itself',
      ),
    );
  }
}
