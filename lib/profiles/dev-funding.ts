import { eq } from 'drizzle-orm';
import {
  type Address,
  createTestClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
} from 'viem';
import type { DbOrTx } from '@/db/client';
import { profiles } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import { publicClientFor, viemChain } from '@/lib/chains/client';
import { type ChainConfig, findChain, LOCAL_CHAIN_ID } from '@/lib/chains/config';
import { LOCAL_DEMO_CONTRACTS } from '@/lib/chains/demo/addresses';
import { DEMO_TOKEN } from '@/lib/chains/demo/artifacts';
import { withOperator } from '@/lib/chains/operator';
import { keyAccountOf } from './key-account';
import { requireProfile, toProfile } from './service';

// Funding on the local dev chain: a profile needs gas before its first run (a Safe profile's executor pays the gas,
// so it is the executor that is funded; the Safe keeps its owners' funds), and on anvil money is free. New
// profiles get `TICKWORK_DEV_PROFILE_FUNDING` ether when they become active; `POST /api/v1/profiles/{id}/fund`
// (the CLI's `profiles fund`, the console's faucet) tops one up later. Real chains are never touched.

/** Ether a new profile on the local chain receives, and a top-up's default. */
const DEFAULT_DEV_FUNDING_ETH = '10';

/** `TICKWORK_DEV_PROFILE_FUNDING` (ether, decimal); `0` turns automatic funding off. */
function devProfileFunding(): string | null {
  const amount = process.env.TICKWORK_DEV_PROFILE_FUNDING ?? DEFAULT_DEV_FUNDING_ETH;
  return Number(amount) > 0 ? amount : null;
}

/** The local anvil chain, the only one with a faucet. */
const isDevChain = (chain: ChainConfig | undefined): chain is ChainConfig =>
  chain?.chainId === LOCAL_CHAIN_ID && chain.testnet;

/**
 * Adds `ether` to the account's native balance (anvil_setBalance) and mints it 100 TICK of the demo token
 * (`topUp`, sent by the operator) when the demo token is deployed. Refuses any chain but the local one with
 * `409 faucet_unavailable`.
 */
async function fundDevAccount(chainId: number, address: Address, ether = DEFAULT_DEV_FUNDING_ETH) {
  const chain = findChain(chainId);
  if (!isDevChain(chain))
    throw apiError('faucet_unavailable', 'only profiles on the local dev chain (31337) can be funded');
  const client = publicClientFor(chain);
  const transport = http(chain.rpcUrl);
  const balance = await client.getBalance({ address });
  await createTestClient({ mode: 'anvil', chain: viemChain(chain), transport }).setBalance({
    address,
    value: balance + parseEther(ether),
  });
  if (await client.getCode({ address: LOCAL_DEMO_CONTRACTS.token })) {
    const hash = await withOperator(chain.chainId, (operator) =>
      createWalletClient({ account: operator, chain: viemChain(chain), transport }).sendTransaction({
        to: LOCAL_DEMO_CONTRACTS.token,
        data: encodeFunctionData({ abi: DEMO_TOKEN.abi, functionName: 'topUp', args: [address] }),
      }),
    );
    await client.waitForTransactionReceipt({ hash });
  }
}

/** `POST /api/v1/profiles/{id}/fund`: tops up a profile of the workspace; answers the record with its new balance. */
export async function fundProfile(db: DbOrTx, workspaceId: string, profileId: string, ether?: string) {
  const profile = await requireProfile(db, workspaceId, profileId);
  await fundDevAccount(profile.chainId, keyAccountOf(profile), ether);
  return toProfile(db, profile);
}

/**
 * The provisioning workflow's funding step: a new profile on the local chain gets its starting ether and TICK,
 * unless `TICKWORK_DEV_PROFILE_FUNDING=0`. Only an empty account is funded, so a retried step funds once.
 * Profiles on other chains are left alone.
 */
export async function fundNewDevProfile(db: DbOrTx, profileId: string): Promise<{ funded: boolean }> {
  const ether = devProfileFunding();
  const [profile] = await db
    .select({ chainId: profiles.chainId, address: profiles.address, executor: profiles.executor })
    .from(profiles)
    .where(eq(profiles.id, profileId));
  const chain = profile && findChain(profile.chainId);
  if (!ether || !profile || !isDevChain(chain)) return { funded: false };
  const address = keyAccountOf(profile);
  if ((await publicClientFor(chain).getBalance({ address })) > 0n) return { funded: false };
  await fundDevAccount(profile.chainId, address, ether);
  return { funded: true };
}
