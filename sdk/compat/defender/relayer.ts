import { type ActionRun, collect, runOf, UnsupportedDefenderApi } from './run';

/** Defender's network names for the chains they share with Tickwork; other chains are `chain-<id>`. */
const NETWORK_NAMES: Record<number, string> = {
  1: 'mainnet',
  10: 'optimism',
  56: 'bsc',
  137: 'matic',
  8453: 'base',
  42161: 'arbitrum',
  43114: 'avalanche',
  11155111: 'sepolia',
  84532: 'base-sepolia',
};

export const networkName = (chainId: number) => NETWORK_NAMES[chainId] ?? `chain-${chainId}`;

/** A transaction payload of `Relayer.sendTransaction`; gas and speed fields are accepted and not used. */
export type RelayerTransactionPayload = {
  to?: string;
  data?: string;
  value?: string | number | bigint;
  gasLimit?: string | number;
  speed?: string;
  gasPrice?: string | number;
  maxFeePerGas?: string | number;
  maxPriorityFeePerGas?: string | number;
  validUntil?: string;
  isPrivate?: boolean;
};

type JsonRpcAnswer = {
  id: number;
  jsonrpc: '2.0';
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
};

/**
 * The relayer of `defender-relay-client` (and the base of defender-sdk's): here the relayer is the profile.
 * `sendTransaction` sends nothing: it adds the transaction to the run's calls, which Tickwork submits from the
 * profile once the action returns, and answers a pending transaction with a placeholder hash.
 */
export class Relayer {
  protected readonly run: ActionRun;

  constructor(params: unknown) {
    this.run = runOf(params, 'Relayer');
  }

  async getRelayer() {
    const { ctx } = this.run;
    return {
      relayerId: ctx.execution.executableId,
      name: `profile ${ctx.execution.sender}`,
      address: ctx.execution.sender,
      network: networkName(ctx.chain.id),
      paused: false,
      createdAt: ctx.execution.scheduledAt,
      pendingTxCost: '0',
      minBalance: '0',
      policies: {},
    };
  }

  async getRelayerStatus() {
    const { ctx } = this.run;
    const nonce = await ctx.chain.request<string>({
      method: 'eth_getTransactionCount',
      params: [ctx.execution.sender, 'pending'],
    });
    return {
      relayerId: ctx.execution.executableId,
      name: `profile ${ctx.execution.sender}`,
      nonce: Number(BigInt(nonce)),
      address: ctx.execution.sender,
      numberOfPendingTransactions: this.run.calls.length,
      paused: false,
      txsQuotaUsage: 0,
      rpcQuotaUsage: 0,
    };
  }

  async sendTransaction(payload: RelayerTransactionPayload) {
    if (typeof payload !== 'object' || payload === null)
      throw new TypeError('sendTransaction takes a payload');
    if (!payload.to && !payload.data) {
      throw new Error('Both txs `to` and `data` fields are missing. At least one of them has to be set.');
    }
    const { ctx } = this.run;
    const call = collect(this.run, 'Relayer.sendTransaction', payload);
    return {
      transactionId: `${ctx.execution.id}-${call.index}`,
      hash: call.hash,
      to: call.to,
      from: ctx.execution.sender,
      value: call.value,
      data: call.data,
      speed: payload.speed,
      gasLimit: Number(payload.gasLimit ?? 0),
      nonce: call.index,
      status: 'pending' as const,
      chainId: ctx.chain.id,
      validUntil: payload.validUntil ?? ctx.execution.scheduledAt,
      createdAt: ctx.execution.scheduledAt,
      isPrivate: false,
    };
  }

  /** A JSON-RPC call to the chain (through `ctx.chain`); `call(method, params)` or `call({ method, params })`. */
  async call(method: string | { method: string; params?: unknown[] }, params: unknown[] = []) {
    const request =
      typeof method === 'string'
        ? { method, params }
        : { method: method.method, params: method.params ?? [] };
    const answer: JsonRpcAnswer = { id: 1, jsonrpc: '2.0' };
    try {
      answer.result = await this.run.ctx.chain.request(request);
    } catch (error) {
      const e = error as { code?: unknown; message?: unknown; data?: unknown };
      answer.error = {
        code: typeof e.code === 'number' ? e.code : -32603,
        message: String(e.message ?? error),
        ...(e.data !== undefined && { data: e.data }),
      };
    }
    return answer;
  }

  sign(_payload?: unknown): Promise<never> {
    return this.unsupported('sign', 'the profile does not sign messages for actions');
  }

  signTypedData(_payload?: unknown): Promise<never> {
    return this.unsupported('signTypedData', 'the profile does not sign messages for actions');
  }

  replaceTransactionById(_id?: unknown, _payload?: unknown): Promise<never> {
    return this.unsupported('replaceTransactionById');
  }

  replaceTransactionByNonce(_nonce?: unknown, _payload?: unknown): Promise<never> {
    return this.unsupported('replaceTransactionByNonce');
  }

  query(_id?: unknown): Promise<never> {
    return this.unsupported('query');
  }

  list(_criteria?: unknown): Promise<never> {
    return this.unsupported('list');
  }

  protected unsupported(
    method: string,
    why = 'relayer transactions are Tickwork executions; see them in the console or the API',
  ): Promise<never> {
    return Promise.reject(new UnsupportedDefenderApi(`Relayer.${method}`, why));
  }
}

/** `RelayClient` manages relayers through the Defender service's API: nothing to manage here. */
export class RelayClient {
  constructor() {
    throw new UnsupportedDefenderApi(
      'RelayClient',
      'it is a client of the Defender service’s management API',
    );
  }
}
