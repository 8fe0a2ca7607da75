// A new Safe, deployed by the connected wallet through SafeProxyFactory.createProxyWithNonce: Tickwork builds
// the `setup` initializer and predicts the address (CREATE2 over the factory's proxy code), so the owners see
// where their Safe will live before anyone pays gas.
import {
  type Address,
  concat,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  keccak256,
  pad,
  zeroAddress,
} from 'viem';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import type { ChainContracts } from '@/lib/chains/contracts';
import { safeAbi, safeProxyFactoryAbi } from './abi';

export type NewSafe = {
  owners: Address[];
  threshold: number;
  saltNonce: bigint;
  /** The implementation; the chain's SafeL2 by default (it emits the events indexers read on L2s). */
  singleton?: Address;
};

/** `setup(owners, threshold, …, fallbackHandler, …)` with no payment and no setup call. */
const safeInitializer = (safe: NewSafe, contracts: ChainContracts): Hex =>
  encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      safe.owners.map((o) => getAddress(o)),
      BigInt(safe.threshold),
      zeroAddress,
      '0x',
      contracts.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });

/**
 * The transaction the wallet sends (to the factory, value 0) and the address the Safe lands at. The factory's
 * salt is keccak256(keccak256(initializer) ‖ saltNonce), its init code the proxy code followed by the singleton.
 */
export async function prepareSafeCreation(chain: ChainConfig, contracts: ChainContracts, safe: NewSafe) {
  const initializer = safeInitializer(safe, contracts);
  const singleton = safe.singleton ?? contracts.safeSingletonL2;
  const proxyCode = await publicClientFor(chain).readContract({
    address: contracts.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'proxyCreationCode',
  });
  const salt = keccak256(
    concat([keccak256(initializer), pad(`0x${safe.saltNonce.toString(16)}`, { size: 32 })]),
  );
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: contracts.safeProxyFactory,
    salt,
    bytecode: concat([proxyCode, encodeAbiParameters([{ type: 'address' }], [singleton])]),
  });
  return {
    address,
    to: contracts.safeProxyFactory,
    data: encodeFunctionData({
      abi: safeProxyFactoryAbi,
      functionName: 'createProxyWithNonce',
      args: [singleton, initializer, safe.saltNonce],
    }),
  };
}
