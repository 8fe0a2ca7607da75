import type { Address } from 'viem';
import { findChain, LOCAL_CHAIN_ID } from './config';

/** The contracts profiles are built from, deployed once per chain. */
export type ChainContracts = {
  /** Safe 1.4.1 `SafeL2` singleton (the proxies' implementation). */
  safeSingletonL2: Address;
  safeProxyFactory: Address;
  /** Safe 1.4.1 `CompatibilityFallbackHandler`. */
  fallbackHandler: Address;
  multiSend: Address;
  multiSendCallOnly: Address;
  /**
   * Safe 1.4.1 `SignMessageLib`: owners record an allowance for a profile's self-administering calls with it
   * (`lib/profiles/self-calls.ts`). Without it on a chain, such calls stay refused.
   */
  signMessageLib?: Address;
  /** Zodiac Roles v2 modifier mastercopy (clone it through `moduleProxyFactory`). */
  rolesMastercopy: Address;
  moduleProxyFactory: Address;
  entryPoint07: Address;
  entryPoint08: Address;
  /** `Simple7702Account` (account-abstraction 0.8): the EIP-7702 delegate that batches a legacy profile's calls. */
  simple7702Account: Address;
};

/**
 * Where `bootstrapLocalChain` deploys on anvil 31337. Every address is a CREATE2 address and so a property of
 * the bytecode: Safe, Zodiac and the Roles libraries through the Safe singleton factory with a zero salt (the
 * Safe ones are the canonical mainnet addresses), the ERC-4337 contracts through the CREATE2 deployer with
 * eth-infinitism's salts (the canonical addresses too). The bootstrap checks them against the artifacts.
 */
export const LOCAL_CHAIN_CONTRACTS: ChainContracts & { signMessageLib: Address } = {
  safeSingletonL2: '0x29fcB43b46531BcA003ddC8FCB67FFE91900C762',
  safeProxyFactory: '0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67',
  fallbackHandler: '0xfd0732Dc9E303f09fCEf3a7388Ad10A83459Ec99',
  multiSend: '0x38869bf66a61cF6bDB996A6aE40D5853Fd43B526',
  multiSendCallOnly: '0x9641d764fc13c8B624c04430C7356C1C7C8102e2',
  signMessageLib: '0xd53cd0aB83D845Ac265BE939c57F53AD838012c9',
  rolesMastercopy: '0xE49495F61CB343B32923E37323B2833a4D676a8d',
  moduleProxyFactory: '0xA12716e6229dD846CCE24885DdfC2D407bE99e63',
  entryPoint07: '0x0000000071727De22E5E9d8BAf0edAc6f37da032',
  entryPoint08: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  simple7702Account: '0xe6Cae83BdE06E4c305530e199D7217f42808555B',
};

/**
 * The deployed contracts of a chain: the `contracts` of its `TICKWORK_CHAINS` entry, else for the local chain
 * 31337 the bootstrap's addresses; null when the chain has none recorded.
 */
export function getChainContracts(chainId: number): ChainContracts | null {
  const configured = findChain(chainId)?.contracts;
  if (configured) return configured;
  return chainId === LOCAL_CHAIN_ID ? LOCAL_CHAIN_CONTRACTS : null;
}
