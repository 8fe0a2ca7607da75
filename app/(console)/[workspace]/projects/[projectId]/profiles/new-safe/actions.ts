'use server';

// The Safe wizard's reads: a Safe as the chain shows it, where a new Safe would land, a token's symbol and
// decimals, and the new profile's state. None writes anything; members may call them.
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { AddressSchema } from '@/lib/chains/address';
import { readTokenInfo } from '@/lib/chains/token';
import { consoleAction } from '@/lib/console/workspace-action';
import { requireSafeContracts } from '@/lib/profiles/safe';
import { requireProfile, requireProfileChain } from '@/lib/profiles/service';
import { prepareSafeCreation } from '@/lib/safe/create';
import { readSafeOrRefuse } from '@/lib/safe/read';

const ChainId = z.int32().positive();

const SafeLookup = z.object({ chainId: ChainId, address: AddressSchema });

/** At most this many owners are set up from the console (a Safe takes more; its owners can add them later). */
const MAX_OWNERS = 20;

const NewSafe = z
  .object({
    chainId: ChainId,
    owners: z
      .array(AddressSchema)
      .min(1, 'a Safe needs at least one owner')
      .max(MAX_OWNERS, `at most ${MAX_OWNERS} owners`)
      .refine((owners) => new Set(owners).size === owners.length, 'each owner is listed once'),
    threshold: z.int().positive(),
  })
  .refine((safe) => safe.threshold <= safe.owners.length, {
    message: 'the threshold is at most the number of owners',
    path: ['threshold'],
  });

/** A chain the workspace may create a profile on, with its Safe contracts. */
async function safeChain(workspaceId: string, chainId: number) {
  const chain = await requireProfileChain(getDb(), workspaceId, chainId);
  return { chain, contracts: requireSafeContracts(chain) };
}

/** The Safe at an address, read now (version, owners, threshold, nonce, modules), or why it is not usable. */
export async function readSafeAction(workspaceSlug: string, input: { chainId: number; address: string }) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) => {
    const { chainId, address } = SafeLookup.parse(input);
    const { chain } = await safeChain(workspace.id, chainId);
    const safe = await readSafeOrRefuse(chain, address);
    return { ...safe, nonce: safe.nonce.toString() };
  });
}

/**
 * Where a new Safe with these owners will land (a fresh random salt each time), and the transaction the
 * connected wallet sends to create it. Nothing is sent here.
 */
export async function predictSafeAction(
  workspaceSlug: string,
  input: { chainId: number; owners: string[]; threshold: number },
) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) => {
    const { chainId, owners, threshold } = NewSafe.parse(input);
    const { chain, contracts } = await safeChain(workspace.id, chainId);
    const saltNonce = BigInt(`0x${randomBytes(16).toString('hex')}`);
    return prepareSafeCreation(chain, contracts, { owners, threshold, saltNonce });
  });
}

/** An ERC-20 token's symbol and decimals on the chain (null when the address is not one that answers both). */
export async function readTokenAction(workspaceSlug: string, input: { chainId: number; address: string }) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) => {
    const { chainId, address } = SafeLookup.parse(input);
    const chain = await requireProfileChain(getDb(), workspace.id, chainId);
    return readTokenInfo(chain, address);
  });
}

export async function safeProfileStateAction(workspaceSlug: string, profileId: string) {
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) => {
    const profile = await requireProfile(getDb(), workspace.id, z.string().min(1).parse(profileId));
    return { state: profile.state, stateReason: profile.stateReason };
  });
}
