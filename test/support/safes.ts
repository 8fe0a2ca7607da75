// Safes on the test stack's anvil, and Safe profiles on them, driven the way the console drives them: owners
// (viem local accounts) sign the prepared SafeTx one request at a time, any funded wallet executes it.

import {
  type Address,
  concat,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  getContractAddress,
  type Hex,
  parseEther,
  parseEventLogs,
  zeroHash,
} from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';
import { foundry } from 'viem/chains';
import { expect, inject } from 'vitest';
import { operatorActor } from '@/lib/audit/actor';
import { LOCAL_CHAIN_CONTRACTS } from '@/lib/chains/contracts';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_COUNTER } from '@/lib/chains/demo/artifacts';
import { createSafeProfile } from '@/lib/profiles/safe';
import {
  addSafeSignature,
  getSafeTransactionView,
  reportSafeExecution,
  type SafeTransactionView,
} from '@/lib/profiles/safe-transactions';
import { safeAbi } from '@/lib/safe/abi';
import { prepareSafeCreation } from '@/lib/safe/create';
import { execTransactionData, packSignatures, safeTxTypedData } from '@/lib/safe/transaction';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import type { ScopeEntry } from '@/lib/zodiac/role';
import { localChain, testStackChain } from './chain';
import { newProject, newWorkspace, testDb, uniq } from './fixtures';
import { waitForProfile } from './profiles';
import type { RunWorld } from './runs';

const { client, testClient, transport } = testStackChain();
// the app's worker picks up the jobs this process queues (same database)
process.env.DATABASE_URL ??= inject('databaseUrl');

/** A fresh account holding 10 ETH on anvil. */
export async function fundedAccount(): Promise<PrivateKeyAccount> {
  const account = privateKeyToAccount(generatePrivateKey());
  await testClient.setBalance({ address: account.address, value: parseEther('10') });
  return account;
}

export const walletOf = (account: PrivateKeyAccount) =>
  createWalletClient({ account, chain: foundry, transport });

async function sent(hash: Hex) {
  const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
  expect(receipt.status).toBe('success');
  return receipt;
}

/** Deploys a Safe 1.4.1 (L2 unless another singleton is given) through SafeProxyFactory, as the wizard does. */
export async function deploySafe(owners: PrivateKeyAccount[], threshold: number, singleton?: Address) {
  const creation = await prepareSafeCreation(localChain(), LOCAL_CHAIN_CONTRACTS, {
    owners: owners.map((o) => o.address),
    threshold,
    singleton,
    saltNonce: BigInt(Date.now()) * 1000n + BigInt(Math.floor(Math.random() * 1000)),
  });
  const deployer = await fundedAccount();
  await sent(await walletOf(deployer).sendTransaction({ to: creation.to, data: creation.data }));
  return creation.address;
}

/** An owner's EIP-712 signature of the prepared SafeTx, as `eth_signTypedData_v4` answers it. */
export async function ownerSignature(owner: PrivateKeyAccount, view: SafeTransactionView): Promise<Hex> {
  const { transaction } = view;
  return owner.signTypedData(
    safeTxTypedData(view.chainId, view.safe, {
      to: transaction.to,
      value: BigInt(transaction.value),
      data: transaction.data,
      operation: transaction.operation,
      nonce: BigInt(transaction.nonce),
    }),
  );
}

/** Each owner signs in a request of its own; then a funded stranger executes and reports the hash. */
export async function signAndExecute(transactionId: string, signers: PrivateKeyAccount[]) {
  let view = await getSafeTransactionView(testDb(), transactionId);
  for (const owner of signers)
    view = await addSafeSignature(testDb(), transactionId, await ownerSignature(owner, view));
  expect(view.execution).not.toBeNull();
  const executor = await fundedAccount();
  const execution = view.execution as { to: Address; data: Hex };
  const hash = await walletOf(executor).sendTransaction(execution);
  await sent(hash);
  return reportSafeExecution(testDb(), transactionId, hash);
}

/** Owners execute a Safe transaction of their own, outside Tickwork (default: a zero-value call moving the nonce). */
export async function ownersExecute(
  safe: Address,
  owners: PrivateKeyAccount[],
  call: { to: Address; data: Hex } = { to: owners[0].address, data: '0x' },
) {
  const nonce = await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' });
  const tx = { to: call.to, value: 0n, data: call.data, operation: 0, nonce };
  const signed = await Promise.all(
    owners.map(async (o) => ({
      signer: o.address,
      signature: await o.signTypedData(safeTxTypedData(31337, safe, tx)),
    })),
  );
  const executor = await fundedAccount();
  await sent(
    await walletOf(executor).sendTransaction({
      to: safe,
      data: execTransactionData(tx, packSignatures(signed)),
    }),
  );
}

export type SafeWorld = RunWorld & {
  safe: Address;
  executor: Address;
  owners: PrivateKeyAccount[];
  enableTransactionId: string;
};

/**
 * A Pro workspace with an active Safe profile: a new 2-of-3 Safe (SafeL2 unless `singleton` says otherwise), the profile created on it, two owners sign in
 * separate requests, a stranger executes, and the app's worker sees the module enabled.
 */
export async function safeWorld(
  opts: { singleton?: Address; roles?: { scope: ScopeEntry[]; allowances?: AllowanceSpec[] } } = {},
): Promise<SafeWorld> {
  const owner = await newWorkspace({ plan: 'pro' });
  const project = await newProject(owner.workspaceId);
  const owners = await Promise.all([0, 1, 2].map(() => fundedAccount()));
  const safe = await deploySafe(owners, 2, opts.singleton);
  const { profile, safeTransactionId } = await createSafeProfile(
    testDb(),
    owner.workspaceId,
    operatorActor(),
    {
      projectId: project.id,
      alias: `safe-${uniq()}`,
      chainId: 31337,
      safe,
      roles: opts.roles,
    },
  );
  await signAndExecute(safeTransactionId, [owners[2], owners[0]]);
  await waitForProfile(owner.token, profile.id, (p) => p.state === 'active', 30_000);
  return {
    ...owner,
    projectId: project.id,
    profileId: profile.id,
    address: getAddress(safe),
    safe,
    executor: getAddress(profile.executor?.address as Address),
    owners,
    enableTransactionId: safeTransactionId,
  };
}

/** The non-L2 Safe 1.4.1 singleton, deployed on demand through the CREATE2 deployer (the bootstrap has SafeL2). */
export async function safeSingletonNonL2(): Promise<Address> {
  const { createRequire } = await import('node:module');
  const artifact = createRequire(import.meta.url)(
    '@safe-global/safe-contracts/build/artifacts/contracts/Safe.sol/Safe.json',
  ) as { bytecode: Hex };
  const deployer = '0x4e59b44847b379578588920cA78FbF26c0B4956C';
  const address = getContractAddress({
    opcode: 'CREATE2',
    from: deployer,
    salt: zeroHash,
    bytecode: artifact.bytecode,
  });
  if (!(await client.getCode({ address }))) {
    const payer = await fundedAccount();
    await sent(
      await walletOf(payer).sendTransaction({ to: deployer, data: concat([zeroHash, artifact.bytecode]) }),
    );
  }
  return address;
}

/** A task that sends what `ctx.args.calls` lists. */
export const CALLS_TASK = `export default { __tickworkTask: 1, run: async (ctx) => ({
  canExec: true, message: 'batch', calls: ctx.args.calls.map((c) => ({ ...c, value: BigInt(c.value) })),
}) };\n`;

/** DemoCounter's `increment()`, a call that records its caller. */
export const increment = {
  to: LOCAL_DEMO_CONTRACTS.counter,
  data: encodeFunctionData({ abi: DEMO_COUNTER.abi, functionName: 'increment' }),
  value: '0',
};

/** The callers DemoCounter recorded (`Incremented` events) in one transaction: who `msg.sender` was. */
export async function incrementCallers(txHash: Hex): Promise<Address[]> {
  const receipt = await client.getTransactionReceipt({ hash: txHash });
  return parseEventLogs({ abi: DEMO_COUNTER.abi, eventName: 'Incremented', logs: receipt.logs }).map(
    (log) => log.args.caller,
  );
}
