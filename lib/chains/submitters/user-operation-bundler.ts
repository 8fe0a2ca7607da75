// What the user-operation submitter (user-operation.ts) and the watcher's re-signing (resign-user-operation.ts)
// share: the bundler client with its paymaster and pricing, the EntryPoint 0.8, the account, how a signed
// operation is recorded (its RPC form as JSON) and read back, and how it is sent.
import { type Address, type Hex, hexToBigInt, http, parseAbi } from 'viem';
import {
  createBundlerClient,
  createPaymasterClient,
  entryPoint08Abi,
  formatUserOperation,
  formatUserOperationRequest,
  getUserOperationHash,
  type RpcUserOperation,
  toSimple7702SmartAccount,
  type UserOperation,
} from 'viem/account-abstraction';
import { publicClientFor, viemChain } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { getChainContracts } from '@/lib/chains/contracts';
import type { Fees } from '@/lib/chains/fees';
import { accountSigner, simple7702AccountOf } from './account';
import type { UserOperationRoute } from './gas-providers';
import { chainFailure, isTransportFailure } from './revert';
import { type SignedBytes, SubmissionError } from './types';

export type SignedOperation = UserOperation<'0.8'>;

export const entryPointReadAbi = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function getNonce(address sender, uint192 key) view returns (uint256)',
]);

export type BundlerLinkOptions = UserOperationRoute & {
  chain: ChainConfig;
  /** The sending account (delegated to Simple7702Account) and its key, decrypted only to sign. */
  address: Address;
  encryptedKey: string;
  /** How long one request to the chain, the bundler or the paymaster may take (viem's default: 10 s). */
  timeoutMs?: number;
};

/** Everything the EntryPoint may charge for a user operation: the sum of its gas limits at its max fee. */
export const maxGas = (op: SignedOperation) =>
  op.preVerificationGas +
  op.verificationGasLimit +
  op.callGasLimit +
  (op.paymasterVerificationGasLimit ?? 0n) +
  (op.paymasterPostOpGasLimit ?? 0n);

/** The sequence part of a full ERC-4337 nonce (its low 64 bits; the key is above): what the execution records. */
export const sequenceOf = (nonce: bigint) => Number(nonce & ((1n << 64n) - 1n));

/** A signed operation as the broadcast row keeps it: its RPC form, JSON. */
export const serializeOperation = (op: SignedOperation) => JSON.stringify(formatUserOperationRequest(op));

export const parseOperation = (raw: string) =>
  formatUserOperation(JSON.parse(raw) as RpcUserOperation) as SignedOperation;

export function bundlerLink({
  chain,
  address,
  encryptedKey,
  bundlerUrl,
  paymasterUrl,
  paymasterContext,
  fees,
  timeoutMs,
}: BundlerLinkOptions) {
  const client = publicClientFor(chain, { timeoutMs });
  const transport = (url: string) => http(url, { retryCount: 0, timeout: timeoutMs });
  const paymaster = paymasterUrl ? createPaymasterClient({ transport: transport(paymasterUrl) }) : null;
  const bundler = createBundlerClient({
    client,
    chain: viemChain(chain),
    pollingInterval: 250,
    // No retries: a refused operation is refused again, and a send must not be repeated behind our back.
    transport: transport(bundlerUrl),
    paymaster: paymaster ?? undefined,
    paymasterContext,
    userOperation: fees === 'bundler' ? { estimateFeesPerGas: () => bundlerPrice() } : undefined,
  });

  /** Pimlico bundlers (alto) refuse operations priced below their `fast` price. */
  async function bundlerPrice(): Promise<Fees> {
    const { fast } = await bundler.request<{
      Method: 'pimlico_getUserOperationGasPrice';
      Parameters: [];
      ReturnType: { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } };
    }>({ method: 'pimlico_getUserOperationGasPrice', params: [] });
    return {
      maxFeePerGas: hexToBigInt(fast.maxFeePerGas),
      maxPriorityFeePerGas: hexToBigInt(fast.maxPriorityFeePerGas),
    };
  }

  function entryPoint() {
    const entryPointAddress = getChainContracts(chain.chainId)?.entryPoint08;
    if (!entryPointAddress)
      throw new SubmissionError(
        'chain_not_supported',
        `chain ${chain.chainId} has no EntryPoint 0.8 recorded`,
      );
    return { abi: entryPoint08Abi, address: entryPointAddress, version: '0.8' } as const;
  }

  const smartAccount = () =>
    toSimple7702SmartAccount({
      client,
      owner: accountSigner(encryptedKey, address),
      implementation: simple7702AccountOf(chain),
      entryPoint: entryPoint(),
    });

  /** What an operation is priced at now: the bundler's price, or the node's estimate. */
  async function price(): Promise<Fees> {
    if (fees === 'bundler') return bundlerPrice();
    const { maxFeePerGas, maxPriorityFeePerGas } = await client.estimateFeesPerGas();
    return { maxFeePerGas, maxPriorityFeePerGas };
  }

  /** Signs `op` with the account: the signed operation, its hash and the row that records it. */
  async function sign(op: SignedOperation) {
    const account = await smartAccount();
    const signed = { ...op, signature: await account.signUserOperation(op) };
    const userOpHash = getUserOperationHash({
      chainId: chain.chainId,
      entryPointAddress: entryPoint().address,
      entryPointVersion: '0.8',
      userOperation: signed,
    });
    const bytes: SignedBytes = {
      envelope: 'user_operation',
      sender: address.toLowerCase(),
      raw: serializeOperation(signed),
      gasLimit: maxGas(signed).toString(),
      maxFeePerGas: signed.maxFeePerGas.toString(),
      maxPriorityFeePerGas: signed.maxPriorityFeePerGas.toString(),
    };
    return { op: signed, userOpHash, bytes };
  }

  /**
   * Sends a signed operation to the bundler: `broadcast_unknown` when it did not answer (it may have it),
   * `bundler_rejected` when it refused it.
   */
  async function send(op: SignedOperation, userOpHash: Hex) {
    await bundler
      .request({
        method: 'eth_sendUserOperation',
        params: [formatUserOperationRequest(op), entryPoint().address],
      })
      .catch((error) => {
        if (isTransportFailure(error))
          throw new SubmissionError(
            'broadcast_unknown',
            `the bundler did not answer the sending of user operation ${userOpHash}; it may still be bundled`,
          );
        throw chainFailure('bundler_rejected', `sending user operation ${userOpHash}`, error);
      });
  }

  return { client, bundler, paymaster, paymasterContext, entryPoint, smartAccount, price, sign, send };
}

export type BundlerLink = ReturnType<typeof bundlerLink>;
