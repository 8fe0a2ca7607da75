import {
  type Address,
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  parseEther,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER } from '@/lib/chains/demo/artifacts';
import { safeAbi, safeProxyFactoryAbi } from '@/lib/safe/abi';
import { execTransactionData, safeTxTypedData } from '@/lib/safe/transaction';
import { rpcUrl } from './console';

// The test's own view of the local chain (anvil of the stack under test): funding, Safes deployed without the
// app, and what the demo counter recorded.

export const anvil = () =>
  defineChain({
    id: 31337,
    name: 'anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl()] } },
  });

export const chainClient = () => createPublicClient({ chain: anvil(), transport: http(rpcUrl()) });

/** Sets an account's balance (ether) on anvil: a wallet that deploys or executes pays gas. */
export async function fundAccount(address: Address, ether = '10') {
  await createTestClient({ mode: 'anvil', chain: anvil(), transport: http(rpcUrl()) }).setBalance({
    address,
    value: parseEther(ether),
  });
}

/**
 * A Safe 1.4.1 (SafeL2) with these owners and threshold, created through the SafeProxyFactory by a throw-away
 * funded account, the way the Safe app does it. Answers its address.
 */
export async function deploySafe(owners: Address[], threshold: number): Promise<Address> {
  const deployer = privateKeyToAccount(generatePrivateKey());
  await fundAccount(deployer.address);
  const client = chainClient();
  const initializer = encodeFunctionData({
    abi: safeAbi,
    functionName: 'setup',
    args: [
      owners,
      BigInt(threshold),
      zeroAddress,
      '0x',
      LOCAL_CHAIN_CONTRACTS.fallbackHandler,
      zeroAddress,
      0n,
      zeroAddress,
    ],
  });
  const { request, result } = await client.simulateContract({
    account: deployer,
    address: LOCAL_CHAIN_CONTRACTS.safeProxyFactory,
    abi: safeProxyFactoryAbi,
    functionName: 'createProxyWithNonce',
    args: [LOCAL_CHAIN_CONTRACTS.safeSingletonL2, initializer, BigInt(Date.now())],
  });
  const wallet = createWalletClient({ account: deployer, chain: anvil(), transport: http(rpcUrl()) });
  await client.waitForTransactionReceipt({ hash: await wallet.writeContract(request) });
  return result;
}

/**
 * How many times `caller` incremented the DemoCounter: `msg.sender` as the counter saw it (`lastCaller` is shared
 * with every other executable on the chain, so it proves nothing while others run).
 */
export const counterIncrementsBy = (caller: Address) =>
  chainClient().readContract({
    address: LOCAL_DEMO_CONTRACTS.counter,
    abi: DEMO_COUNTER.abi,
    functionName: 'incrementsBy',
    args: [caller],
  });

/**
 * A Safe transaction signed by one owner and executed outside Tickwork (a 1-of-1 Safe): it uses the Safe's nonce,
 * as the owners' own transactions do.
 */
export async function execSafeTransaction(safe: Address, ownerKey: Hex, call: { to: Address; data: Hex }) {
  const client = chainClient();
  const owner = privateKeyToAccount(ownerKey);
  const nonce = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
  const tx = { ...call, value: 0n, operation: 0, nonce };
  const signature = await owner.signTypedData(safeTxTypedData(31337, safe, tx));
  await fundAccount(owner.address);
  const wallet = createWalletClient({ account: owner, chain: anvil(), transport: http(rpcUrl()) });
  const hash = await wallet.sendTransaction({ to: safe, data: execTransactionData(tx, signature) });
  await client.waitForTransactionReceipt({ hash });
}
