'use server';

import { revalidatePath } from 'next/cache';
import { type Address, createTestClient, http, parseEther } from 'viem';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { findChain, LOCAL_CHAIN_ID } from '@/lib/chains/config';
import { runConsoleAction } from '@/lib/console/action';
import { viemChain } from '@/lib/profiles/chain';
import { CreateProfileBody, RenameProfileBody, ShareProfileBody } from '@/lib/profiles/schemas';
import {
  archiveProfile,
  createLegacyProfile,
  renameProfile,
  requireProfile,
  retryProfileProvisioning,
  shareProfile,
  unarchiveProfile,
} from '@/lib/profiles/service';

const profilesPath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/profiles`;

export async function createProfileAction(
  workspaceSlug: string,
  projectId: string,
  input: { alias: string; chainId: number },
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CreateProfileBody.parse({ projectId, alias: input.alias, chainId: input.chainId });
    const profile = await createLegacyProfile(getDb(), workspace.id, body);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { id: profile.id, name: profile.name };
  });
}

export async function renameProfileAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  name: string,
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = RenameProfileBody.parse({ name });
    const profile = await renameProfile(getDb(), workspace.id, profileId, body.name);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { name: profile.name };
  });
}

export async function archiveProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const profile = await archiveProfile(getDb(), workspace.id, profileId);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { name: profile.name };
  });
}

export async function unarchiveProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const profile = await unarchiveProfile(getDb(), workspace.id, profileId);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { name: profile.name };
  });
}

export async function retryProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const profile = await retryProfileProvisioning(getDb(), workspace.id, profileId);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { name: profile.name };
  });
}

export async function shareProfileAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  input: { targetProjectId: string; alias: string },
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = ShareProfileBody.parse({
      targetProjectId: input.targetProjectId,
      alias: input.alias.trim() || undefined,
    });
    const profile = await shareProfile(getDb(), workspace.id, profileId, body);
    revalidatePath(profilesPath(workspaceSlug, projectId));
    revalidatePath(profilesPath(workspaceSlug, profile.projectId));
    return { name: profile.name, projectId: profile.projectId };
  });
}

/** The faucet's top-up: sets the balance outright (anvil_setBalance), never adds. */
const FAUCET_BALANCE = '10';

/**
 * Dev only: sets a profile's balance on the local anvil chain (31337, a testnet) with `anvil_setBalance`.
 * Any other chain is refused, whatever its RPC is.
 */
export async function faucetProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const profile = await requireProfile(getDb(), workspace.id, profileId);
    const chain = findChain(profile.chainId);
    if (!chain || chain.chainId !== LOCAL_CHAIN_ID || !chain.testnet)
      throw new ApiError(
        400,
        'faucet_unavailable',
        'the faucet only funds profiles on the local anvil chain (31337)',
      );
    const client = createTestClient({
      mode: 'anvil',
      chain: viemChain(chain),
      transport: http(chain.rpcUrl),
    });
    await client.setBalance({ address: profile.address as Address, value: parseEther(FAUCET_BALANCE) });
    revalidatePath(profilesPath(workspaceSlug, projectId));
    return { name: profile.name, balance: `${FAUCET_BALANCE} ${chain.nativeCurrency.symbol}` };
  });
}
