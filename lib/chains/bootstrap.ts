// The local chain bootstrap: deploys the contracts profiles need on anvil 31337, idempotently. Node-only (reads
// the artifacts from node_modules): run by the start command and the test harness, never imported by routes.
import { createRequire } from 'node:module';
import {
  type Address,
  type Chain,
  concat,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getContractAddress,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  parseAbiParameters,
  type Transport,
  type WalletClient,
  zeroHash,
} from 'viem';
import type { LocalAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { LOCAL_CHAIN_ID } from './config';
import { type ChainContracts, LOCAL_CHAIN_CONTRACTS } from './contracts';
import { LOCAL_DEMO_CONTRACTS } from './demo/addresses';
import { DEMO_COUNTER, DEMO_TOKEN } from './demo/artifacts';
import { localOperatorAccount } from './operator';

const require = createRequire(import.meta.url);

/** Safe's singleton factory (calldata `salt ‖ initCode`, CREATE2), itself deployed by a presigned transaction. */
const SAFE_SINGLETON_FACTORY: Address = '0x914d7Fec6aaC8cd542e72Bca78B30650d45643d7';
/** The deterministic-deployment proxy anvil has in its genesis (same calldata layout). */
const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
/** eth-infinitism's salts: they put EntryPoint 0.7 and 0.8 on their canonical addresses. */
const ENTRY_POINT_07_SALT: Hex = '0x90d8084deab30c2a37c45e8d47f49f2f7965183cb6990a98943ef94940681de3';
const ENTRY_POINT_08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9';
/** The libraries linked into the Roles mastercopy (singleton factory, zero salt). */
const ROLES_INTEGRITY: Address = '0x79478FA0bfc7e113bA4091D0A293bd9eDf142Fd4';
const ROLES_PACKER: Address = '0xED036483ECAd820C2F1A7F9092871bE23A10Fdc1';
/**
 * The ERC-2470 singleton factory, where Roles v2 stores each scoped function's conditions (`WriteOnce`: CREATE2
 * through it). Public chains have it from a keyless transaction; anvil's genesis does not, so the bootstrap puts
 * there a runtime with the same behaviour: `deploy(bytes initCode, bytes32 salt)` CREATE2s the code with that
 * salt and returns its address (hand-assembled, 34 bytes: the Roles mastercopy is its only caller here).
 */
const ERC2470_FACTORY: Address = '0xce0042B868300000d44A59004Da54A005ffdcf9f';
const ERC2470_RUNTIME: Hex = '0x60043560040180358160200181816000376024358260006000f560005260206000f3';
/** A mastercopy is initialised to owner = avatar = target = 0x…1 so that nobody can set it up. */
const MASTERCOPY_SENTINEL: Address = '0x0000000000000000000000000000000000000001';

type Deployment = {
  name: string;
  address: Address;
  deployer: Address;
  salt: Hex;
  initCode: () => Hex | Promise<Hex>;
};

const bytecodeOf = (artifact: string): Hex => (require(artifact) as { bytecode: Hex }).bytecode;
const safeArtifact = (path: string) => () =>
  bytecodeOf(
    `@safe-global/safe-contracts/build/artifacts/contracts/${path}.sol/${path.split('/').pop()}.json`,
  );
const zodiac = () => import('zodiac-roles-sdk/typechain');

const c = LOCAL_CHAIN_CONTRACTS;
/** In dependency order. */
const DEPLOYMENTS: Deployment[] = [
  ...(
    [
      ['SafeL2', c.safeSingletonL2, safeArtifact('SafeL2')],
      ['SafeProxyFactory', c.safeProxyFactory, safeArtifact('proxies/SafeProxyFactory')],
      [
        'CompatibilityFallbackHandler',
        c.fallbackHandler,
        safeArtifact('handler/CompatibilityFallbackHandler'),
      ],
      ['MultiSend', c.multiSend, safeArtifact('libraries/MultiSend')],
      ['MultiSendCallOnly', c.multiSendCallOnly, safeArtifact('libraries/MultiSendCallOnly')],
      ['SignMessageLib', c.signMessageLib, safeArtifact('libraries/SignMessageLib')],
      ['Roles Integrity', ROLES_INTEGRITY, async () => (await zodiac()).Integrity__factory.bytecode as Hex],
      ['Roles Packer', ROLES_PACKER, async () => (await zodiac()).Packer__factory.bytecode as Hex],
      [
        'Roles mastercopy',
        c.rolesMastercopy,
        async () => {
          const linked = (await zodiac()).Roles__factory.linkBytecode({
            'contracts/Integrity.sol:Integrity': ROLES_INTEGRITY,
            'contracts/packers/Packer.sol:Packer': ROLES_PACKER,
          }) as Hex;
          const args = encodeAbiParameters(
            parseAbiParameters('address, address, address'),
            Array(3).fill(MASTERCOPY_SENTINEL) as [Address, Address, Address],
          );
          return concat([linked, args]);
        },
      ],
      [
        'ModuleProxyFactory',
        c.moduleProxyFactory,
        async () => (await zodiac()).ModuleProxyFactory__factory.bytecode as Hex,
      ],
    ] as const
  ).map(([name, address, initCode]) => ({
    name,
    address,
    deployer: SAFE_SINGLETON_FACTORY,
    salt: zeroHash,
    initCode,
  })),
  {
    name: 'EntryPoint 0.7',
    address: c.entryPoint07,
    deployer: CREATE2_DEPLOYER,
    salt: ENTRY_POINT_07_SALT,
    initCode: () => bytecodeOf('@account-abstraction/contracts-v07/artifacts/EntryPoint.json'),
  },
  {
    name: 'EntryPoint 0.8',
    address: c.entryPoint08,
    deployer: CREATE2_DEPLOYER,
    salt: ENTRY_POINT_08_SALT,
    initCode: () => bytecodeOf('@account-abstraction/contracts-v08/artifacts/EntryPoint.json'),
  },
  {
    // No constructor: the 0.8 account hard-codes EntryPoint 0.8's canonical address, deployed just above.
    name: 'Simple7702Account',
    address: c.simple7702Account,
    deployer: CREATE2_DEPLOYER,
    salt: zeroHash,
    initCode: () => bytecodeOf('@account-abstraction/contracts-v08/artifacts/Simple7702Account.json'),
  },
  ...(
    [
      ['DemoCounter', LOCAL_DEMO_CONTRACTS.counter, DEMO_COUNTER.bytecode],
      ['DemoToken', LOCAL_DEMO_CONTRACTS.token, DEMO_TOKEN.bytecode],
    ] as const
  ).map(([name, address, bytecode]) => ({
    name,
    address,
    deployer: CREATE2_DEPLOYER,
    salt: zeroHash,
    initCode: (): Hex => bytecode,
  })),
];

type Clients = {
  client: PublicClient<Transport, Chain>;
  wallet: WalletClient<Transport, Chain, LocalAccount>;
};

async function confirm({ client }: Clients, hash: Hex, what: string) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  if (receipt.status !== 'success') throw new Error(`local chain bootstrap: ${what} reverted (${hash})`);
}

/** Funds the factory's one-time signer and broadcasts its presigned (chain 31337) deployment. */
async function deploySafeSingletonFactory(clients: Clients) {
  const { client, wallet } = clients;
  const deployment = require('@safe-global/safe-singleton-factory/artifacts/31337/deployment.json') as {
    gasPrice: number;
    gasLimit: number;
    signerAddress: Address;
    transaction: Hex;
    address: Address;
  };
  if (!isAddressEqual(deployment.address, SAFE_SINGLETON_FACTORY))
    throw new Error(`local chain bootstrap: the Safe singleton factory moved to ${deployment.address}`);
  const signer = deployment.signerAddress;
  if ((await client.getTransactionCount({ address: signer })) !== 0)
    throw new Error(
      'local chain bootstrap: the Safe singleton factory signer has been used; reset the chain',
    );
  const cost = BigInt(deployment.gasPrice) * BigInt(deployment.gasLimit);
  const balance = await client.getBalance({ address: signer });
  if (balance < cost)
    await confirm(
      clients,
      await wallet.sendTransaction({ to: signer, value: cost - balance }),
      'funding the factory signer',
    );
  await confirm(
    clients,
    await client.sendRawTransaction({ serializedTransaction: deployment.transaction }),
    'the Safe singleton factory',
  );
}

async function deploy(clients: Clients, deployment: Deployment) {
  const initCode = await deployment.initCode();
  const lands = getContractAddress({
    opcode: 'CREATE2',
    from: deployment.deployer,
    salt: deployment.salt,
    bytecode: initCode,
  });
  if (!isAddressEqual(lands, deployment.address))
    throw new Error(
      `local chain bootstrap: ${deployment.name} would land at ${lands}, not ${deployment.address} (update lib/chains/contracts.ts)`,
    );
  const hash = await clients.wallet.sendTransaction({
    to: deployment.deployer,
    data: concat([deployment.salt, initCode]),
  });
  await confirm(clients, hash, deployment.name);
  if (!(await clients.client.getCode({ address: deployment.address })))
    throw new Error(`local chain bootstrap: ${deployment.name} has no code after ${hash}`);
}

/**
 * Deploys on the local anvil chain what is missing of Safe 1.4.1, Zodiac Roles v2 (+ ModuleProxyFactory),
 * EntryPoint 0.7/0.8, Simple7702Account and the demo contracts (DemoCounter, DemoToken), paid by `localOperatorAccount()`. It reads the code at every address
 * first (one batched request): a chain that has them all gets no transaction.
 */
export async function bootstrapLocalChain(rpcUrl: string): Promise<ChainContracts> {
  const transport = http(rpcUrl, { batch: true });
  const client = createPublicClient({ chain: foundry, transport });
  const chainId = await client.getChainId();
  if (chainId !== LOCAL_CHAIN_ID)
    throw new Error(`local chain bootstrap: ${rpcUrl} is chain ${chainId}, not ${LOCAL_CHAIN_ID}`);

  const [factoryCode, create2Code, erc2470Code, ...codes] = await Promise.all(
    [SAFE_SINGLETON_FACTORY, CREATE2_DEPLOYER, ERC2470_FACTORY, ...DEPLOYMENTS.map((d) => d.address)].map(
      (address) => client.getCode({ address }),
    ),
  );
  if (!erc2470Code)
    await client.request({
      method: 'anvil_setCode' as never,
      params: [ERC2470_FACTORY, ERC2470_RUNTIME] as never,
    });
  const missing = DEPLOYMENTS.filter((_, i) => !codes[i]);
  if (missing.length === 0) return LOCAL_CHAIN_CONTRACTS;

  if (!create2Code && missing.some((d) => d.deployer === CREATE2_DEPLOYER))
    throw new Error(`local chain bootstrap: no CREATE2 deployer at ${CREATE2_DEPLOYER} (is this anvil?)`);
  const clients: Clients = {
    client,
    wallet: createWalletClient({ account: localOperatorAccount(), chain: foundry, transport }),
  };
  if (!factoryCode && missing.some((d) => d.deployer === SAFE_SINGLETON_FACTORY))
    await deploySafeSingletonFactory(clients);
  for (const deployment of missing) await deploy(clients, deployment);
  return LOCAL_CHAIN_CONTRACTS;
}
