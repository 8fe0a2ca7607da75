import {
  type Address,
  concat,
  createPublicClient,
  createTestClient,
  createWalletClient,
  encodeAbiParameters,
  encodeFunctionData,
  http,
  parseAbi,
  parseEther,
  parseEventLogs,
  size,
  zeroAddress,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { type LocalChain, startAnvil } from '@/lib/chains/anvil';
import { bootstrapLocalChain } from '@/lib/chains/bootstrap';
import { getChainContracts, LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { localOperatorAccount } from '@/lib/chains/operator';
import { freePort } from '@/lib/net/free-port';

const rpcUrl = inject('rpcUrl');
const transport = http(rpcUrl);
const client = createPublicClient({ chain: foundry, transport });
const testClient = createTestClient({ chain: foundry, mode: 'anvil', transport });

/** A throw-away funded sender, so that these tests never race other users of the operator's nonce. */
async function fundedWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: account.address, value: parseEther('10') });
  return createWalletClient({ account, chain: foundry, transport });
}

function contracts() {
  const found = getChainContracts(31337);
  if (!found) throw new Error('no contracts recorded for 31337');
  return found;
}

const safeAbi = parseAbi([
  'function setup(address[] owners, uint256 threshold, address to, bytes data, address fallbackHandler, address paymentToken, uint256 payment, address paymentReceiver)',
  'function getOwners() view returns (address[])',
  'function getThreshold() view returns (uint256)',
  'function createProxyWithNonce(address singleton, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ProxyCreation(address indexed proxy, address singleton)',
]);
const rolesAbi = parseAbi([
  'function setUp(bytes initParams)',
  'function owner() view returns (address)',
  'function avatar() view returns (address)',
  'function deployModule(address masterCopy, bytes initializer, uint256 saltNonce) returns (address proxy)',
  'event ModuleProxyCreation(address indexed proxy, address indexed masterCopy)',
]);
const accountAbi = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function executeBatch(Call[] calls)',
  'function entryPoint() view returns (address)',
]);

describe('local chain bootstrap (the test stack ran it)', () => {
  it('every recorded contract of 31337 has code', async () => {
    const recorded = contracts();
    expect(recorded).toEqual(LOCAL_CHAIN_CONTRACTS);
    for (const [name, address] of Object.entries(recorded)) {
      const code = await client.getCode({ address });
      expect(code && size(code), name).toBeGreaterThan(0);
    }
  });

  it('EntryPoint 0.7 and 0.8 are at their canonical addresses; Simple7702Account points at 0.8', async () => {
    expect(contracts().entryPoint07).toBe('0x0000000071727De22E5E9d8BAf0edAc6f37da032');
    expect(contracts().entryPoint08).toBe('0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108');
    const entryPoint = await client.readContract({
      address: contracts().simple7702Account,
      abi: accountAbi,
      functionName: 'entryPoint',
    });
    expect(entryPoint).toBe(contracts().entryPoint08);
  });

  it('the Roles mastercopy is larger than 24,576 bytes (anvil runs with --code-size-limit)', async () => {
    const code = await client.getCode({ address: contracts().rolesMastercopy });
    expect(code && size(code)).toBeGreaterThan(24_576);
  });

  it('SafeProxyFactory creates a one-owner SafeL2 proxy', async () => {
    const wallet = await fundedWallet();
    const owner = privateKeyToAccount(generatePrivateKey()).address;
    const { safeSingletonL2, safeProxyFactory, fallbackHandler } = contracts();
    const initializer = encodeFunctionData({
      abi: safeAbi,
      functionName: 'setup',
      args: [[owner], 1n, zeroAddress, '0x', fallbackHandler, zeroAddress, 0n, zeroAddress],
    });
    const hash = await wallet.writeContract({
      address: safeProxyFactory,
      abi: safeAbi,
      functionName: 'createProxyWithNonce',
      args: [safeSingletonL2, initializer, BigInt(Date.now())],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    const [created] = parseEventLogs({ abi: safeAbi, eventName: 'ProxyCreation', logs: receipt.logs });
    expect(created.args.singleton).toBe(safeSingletonL2);
    const safe = created.args.proxy;
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })).toEqual([
      owner,
    ]);
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' })).toBe(1n);
  });

  it('ModuleProxyFactory clones the Roles mastercopy into a modifier', async () => {
    const wallet = await fundedWallet();
    const { rolesMastercopy, moduleProxyFactory } = contracts();
    const [owner, avatar] = [wallet.account.address, privateKeyToAccount(generatePrivateKey()).address];
    const initializer = encodeFunctionData({
      abi: rolesAbi,
      functionName: 'setUp',
      args: [
        encodeAbiParameters(
          [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
          [owner, avatar, avatar],
        ),
      ],
    });
    const hash = await wallet.writeContract({
      address: moduleProxyFactory,
      abi: rolesAbi,
      functionName: 'deployModule',
      args: [rolesMastercopy, initializer, BigInt(Date.now())],
    });
    const receipt = await client.waitForTransactionReceipt({ hash });
    expect(receipt.status).toBe('success');
    const [created] = parseEventLogs({ abi: rolesAbi, eventName: 'ModuleProxyCreation', logs: receipt.logs });
    const roles = created.args.proxy;
    expect(await client.readContract({ address: roles, abi: rolesAbi, functionName: 'owner' })).toBe(owner);
    expect(await client.readContract({ address: roles, abi: rolesAbi, functionName: 'avatar' })).toBe(avatar);
  });

  it('an EOA delegated to Simple7702Account (EIP-7702) gets code 0xef0100‖delegate and batches calls', async () => {
    const sponsor = await fundedWallet();
    const eoa = privateKeyToAccount(generatePrivateKey());
    const { simple7702Account } = contracts();
    const authorization = await sponsor.signAuthorization({
      account: eoa,
      contractAddress: simple7702Account,
    });
    const hash = await sponsor.sendTransaction({ authorizationList: [authorization], to: eoa.address });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await client.getCode({ address: eoa.address })).toBe(
      concat(['0xef0100', simple7702Account]).toLowerCase(),
    );

    // The delegated EOA now executes a batch atomically when it calls itself.
    await testClient.setBalance({ address: eoa.address, value: parseEther('1') });
    const [a, b] = [0, 1].map(() => privateKeyToAccount(generatePrivateKey()).address);
    const self = createWalletClient({ account: eoa, chain: foundry, transport });
    const batch = await self.writeContract({
      address: eoa.address,
      abi: accountAbi,
      functionName: 'executeBatch',
      args: [
        [
          { target: a, value: 1n, data: '0x' },
          { target: b, value: 2n, data: '0x' },
        ],
      ],
    });
    expect((await client.waitForTransactionReceipt({ hash: batch })).status).toBe('success');
    expect(await client.getBalance({ address: a })).toBe(1n);
    expect(await client.getBalance({ address: b })).toBe(2n);
  });
});

describe('local chain bootstrap on a fresh anvil', () => {
  let chain: LocalChain;
  beforeAll(async () => {
    chain = await startAnvil({ port: await freePort() });
  });
  afterAll(async () => {
    await chain?.stop();
  });

  it('deploys everything, and a second call sends no transaction', async () => {
    const started = performance.now();
    expect(await bootstrapLocalChain(chain.rpcUrl)).toEqual(LOCAL_CHAIN_CONTRACTS);
    const elapsed = performance.now() - started;
    console.info(`[bootstrap] fresh anvil: ${Math.round(elapsed)} ms`);
    expect(elapsed).toBeLessThan(10_000);

    const fresh = createPublicClient({ chain: foundry, transport: http(chain.rpcUrl) });
    const operator = localOperatorAccount().address;
    const [block, nonce] = [
      await fresh.getBlockNumber(),
      await fresh.getTransactionCount({ address: operator }),
    ];
    expect(nonce).toBeGreaterThan(0);
    await bootstrapLocalChain(chain.rpcUrl);
    expect(await fresh.getBlockNumber()).toBe(block);
    expect(await fresh.getTransactionCount({ address: operator })).toBe(nonce);
  });
});

describe('getChainContracts', () => {
  it('reads other chains from the `contracts` of their TICKWORK_CHAINS entry', async () => {
    const previous = process.env.TICKWORK_CHAINS;
    const lower = Object.fromEntries(
      Object.entries(LOCAL_CHAIN_CONTRACTS).map(([k, v]) => [k, v.toLowerCase()]),
    ) as Record<string, Address>;
    process.env.TICKWORK_CHAINS = JSON.stringify([
      { chainId: 1, name: 'Ethereum', network: 'mainnet', rpcUrl: 'https://rpc.example', testnet: false },
      {
        chainId: 11155111,
        name: 'Sepolia',
        network: 'sepolia',
        rpcUrl: 'https://rpc.example',
        testnet: true,
        contracts: lower,
      },
    ]);
    vi.resetModules();
    try {
      const fresh = await import('@/lib/chains/contracts');
      expect(fresh.getChainContracts(11155111)).toEqual(LOCAL_CHAIN_CONTRACTS); // checksummed
      expect(fresh.getChainContracts(1)).toBeNull();
      expect(fresh.getChainContracts(31337)).toEqual(LOCAL_CHAIN_CONTRACTS);

      process.env.TICKWORK_CHAINS = JSON.stringify([
        {
          chainId: 1,
          name: 'Ethereum',
          network: 'mainnet',
          rpcUrl: 'https://rpc.example',
          testnet: false,
          contracts: { ...lower, entryPoint07: '0x1234' },
        },
      ]);
      vi.resetModules();
      const broken = await import('@/lib/chains/contracts');
      expect(() => broken.getChainContracts(1)).toThrow(/not an address/);
    } finally {
      if (previous === undefined) delete process.env.TICKWORK_CHAINS;
      else process.env.TICKWORK_CHAINS = previous;
      vi.resetModules();
    }
  });
});
