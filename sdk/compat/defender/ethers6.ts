import {
  AbstractSigner,
  getBigInt,
  hexlify,
  type JsonRpcError,
  type JsonRpcPayload,
  JsonRpcProvider,
  type JsonRpcResult,
  Network,
  type Provider,
  resolveAddress,
  TransactionReceipt,
  type TransactionRequest,
  TransactionResponse,
} from 'ethers6';
import type { TaskChain } from '../../index';
import { type ActionRun, collect, runOf, UnsupportedDefenderApi } from './run';

/**
 * The pending receipt `wait()` gets at once (the transaction is only submitted after the action returns):
 * no status, no logs, and `confirmations()` large enough that `wait(n)` never blocks (docs/migrating.md).
 */
class PendingReceipt extends TransactionReceipt {
  override async confirmations(): Promise<number> {
    return Number.MAX_SAFE_INTEGER;
  }
}

/** An ethers v6 provider whose requests go through `ctx.chain`; the network is fixed (no eth_chainId first). */
export class TaskChainProviderV6 extends JsonRpcProvider {
  readonly #chain: TaskChain;

  constructor(chain: TaskChain) {
    const network = new Network(`chain-${chain.id}`, chain.id);
    super(undefined, network, { staticNetwork: network, batchMaxCount: 1 });
    this.#chain = chain;
  }

  /** Errors are answered as JSON-RPC errors (the base class's declared type leaves them out). */
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const payloads = Array.isArray(payload) ? payload : [payload];
    const answers = await Promise.all(
      payloads.map(async ({ id, method, params }): Promise<JsonRpcResult | JsonRpcError> => {
        try {
          return { id, result: await this.#chain.request({ method, params: params as unknown[] }) };
        } catch (error) {
          const e = error as { code?: unknown; message?: unknown; data?: unknown };
          const code = typeof e.code === 'number' ? e.code : -32603;
          return { id, error: { code, message: String(e.message ?? error), data: e.data } };
        }
      }),
    );
    return answers as JsonRpcResult[];
  }
}

/** `DefenderRelayProvider` (ethers v6, defender-sdk with `ethersVersion: 'v6'`). */
export class DefenderRelayProvider extends TaskChainProviderV6 {
  readonly #run: ActionRun;

  constructor(readonly credentials: unknown) {
    const run = runOf(credentials, 'DefenderRelayProvider');
    super(run.ctx.chain);
    this.#run = run;
  }

  /** A placeholder hash of this run answers the pending receipt, so `tx.wait()` returns at once. */
  override async getTransactionReceipt(hash: string): Promise<TransactionReceipt | null> {
    const run = this.#run;
    const index = run.hashes.indexOf(hash.toLowerCase() as `0x${string}`);
    if (index < 0) return super.getTransactionReceipt(hash);
    const receipt = {
      to: run.calls[index].to,
      from: run.ctx.execution.sender,
      contractAddress: null,
      hash,
      index: 0,
      blockHash: null as unknown as string,
      blockNumber: null as unknown as number,
      logsBloom: '0x',
      logs: [],
      gasUsed: 0n,
      blobGasUsed: null,
      cumulativeGasUsed: 0n,
      gasPrice: 0n,
      blobGasPrice: null,
      type: 2,
      status: null,
      root: null,
    };
    return new PendingReceipt(receipt, this);
  }
}

/**
 * `DefenderRelaySigner` (ethers v6): the profile's address; `sendTransaction` (and so every state-changing
 * contract call) collects the transaction as a call of the run instead of sending it. As on Defender, a
 * transaction without `gasLimit` is estimated first (eth_estimateGas from the profile's sending address, through
 * `ctx.chain`), and one that would revert throws (ethers' CALL_EXCEPTION, with the decoded reason) and is not
 * collected, so an action's `catch` runs as it did there.
 */
export class DefenderRelaySigner extends AbstractSigner {
  readonly #run: ActionRun;
  #estimator?: TaskChainProviderV6;

  constructor(
    readonly credentials: unknown,
    provider?: Provider | null,
    readonly options: Record<string, unknown> = {},
  ) {
    const run = runOf(credentials, 'DefenderRelaySigner');
    super(provider ?? new DefenderRelayProvider(credentials));
    this.#run = run;
  }

  async getAddress(): Promise<string> {
    return this.#run.ctx.execution.sender;
  }

  connect(provider: Provider | null): DefenderRelaySigner {
    return new DefenderRelaySigner(this.credentials, provider, this.options);
  }

  override async sendTransaction(transaction: TransactionRequest): Promise<TransactionResponse> {
    const to = transaction.to == null ? undefined : await resolveAddress(transaction.to, this.provider);
    const data = transaction.data == null ? undefined : hexlify(transaction.data);
    const value = transaction.value == null ? undefined : getBigInt(transaction.value);
    const run = this.#run;
    if (transaction.gasLimit == null && to !== undefined) {
      this.#estimator ??= new TaskChainProviderV6(run.ctx.chain);
      await this.#estimator.estimateGas({ to, data, value, from: run.ctx.execution.sender });
    }
    const call = collect(run, 'DefenderRelaySigner.sendTransaction', { to, data, value });
    const provider = this.provider ?? new DefenderRelayProvider(this.credentials);
    return new TransactionResponse(
      {
        blockNumber: null,
        blockHash: null,
        hash: call.hash,
        index: 0,
        type: 2,
        to: call.to,
        from: run.ctx.execution.sender,
        nonce: call.index,
        gasLimit: transaction.gasLimit == null ? 0n : getBigInt(transaction.gasLimit),
        gasPrice: 0n,
        maxPriorityFeePerGas: null,
        maxFeePerGas: null,
        maxFeePerBlobGas: null,
        data: call.data,
        value: BigInt(call.value),
        chainId: BigInt(run.ctx.chain.id),
        signature: null as never,
        accessList: null,
        authorizationList: null,
      },
      provider,
    );
  }

  signTransaction(_tx: TransactionRequest): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner.signTransaction',
        'the profile signs and submits the calls itself',
      ),
    );
  }

  signMessage(_message: string | Uint8Array): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner.signMessage',
        'the profile does not sign messages for actions',
      ),
    );
  }

  signTypedData(): Promise<string> {
    return Promise.reject(
      new UnsupportedDefenderApi(
        'DefenderRelaySigner.signTypedData',
        'the profile does not sign messages for actions',
      ),
    );
  }
}
