'use server';

import { isAddress } from 'viem';
import { z } from 'zod';
import { getDb } from '@/db/client';
import { MODULE_TRANSACTION_PURPOSES, type ModuleTransactionPurpose } from '@/db/enums';
import { AddressSchema } from '@/lib/chains/address';
import { consoleAction } from '@/lib/console/workspace-action';
import { PermissionsSchema } from '@/lib/functions/permissions';
import { prepareSelfCallAllowance } from '@/lib/profiles/allow-self-calls';
import { fundProfile } from '@/lib/profiles/dev-funding';
import { ImportKeyBody, importLegacyProfile } from '@/lib/profiles/import-key';
import { prepareRoleChange } from '@/lib/profiles/roles';
import { type CreateSafeProfileInput, createSafeProfile } from '@/lib/profiles/safe';
import { prepareSafeTransaction } from '@/lib/profiles/safe-transactions';
import { CreateProfileBody, RenameProfileBody, ShareProfileBody } from '@/lib/profiles/schemas';
import { createLegacyProfile } from '@/lib/profiles/service';
import {
  archiveProfile,
  renameProfile,
  retryProfileProvisioning,
  shareProfile,
  unarchiveProfile,
} from '@/lib/profiles/state-changes';
import { AllowanceSpecSchema } from '@/lib/zodiac/allowance-spec';
import type { RoleRequest } from '@/lib/zodiac/scope-drafts';
import { scopeOfCalls } from '@/lib/zodiac/scope-of-calls';

const profilesPath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/profiles`;

const CreateSafeProfileBody = CreateProfileBody.extend({ safe: AddressSchema });
const SafeTransactionPurpose = z.enum(MODULE_TRANSACTION_PURPOSES);

/** Calls to add to a role, as a permissions_not_covered error names them: concrete targets, functions by signature or selector. */
const CallsToAllow = PermissionsSchema.shape.calls
  .min(1, 'name at least one call to allow')
  .refine(
    (calls) => calls.every((c) => isAddress(c.to, { strict: false })),
    'only a call to an 0x address can be allowed in advance, not one whose target comes from args',
  );

/**
 * A new role: the calls it allows (permissions.json's form, conditions included) and the allowances its
 * conditions spend from, each defined once and each one a condition names defined here.
 */
const RoleRequestBody = z
  .object({ calls: CallsToAllow, allowances: z.array(AllowanceSpecSchema).max(16).default([]) })
  .superRefine(({ calls, allowances }, ctx) => {
    const names = allowances.map((a) => a.name);
    if (new Set(names).size !== names.length)
      ctx.addIssue({ code: 'custom', path: ['allowances'], message: 'each allowance is named once' });
    const used = calls.flatMap((c) =>
      Object.values(c.conditions ?? {}).flatMap((args) =>
        args.flatMap((a) => (a?.allowance ? [a.allowance] : [])),
      ),
    );
    for (const name of new Set(used))
      if (!names.includes(name))
        ctx.addIssue({
          code: 'custom',
          path: ['allowances'],
          message: `a condition spends from allowance "${name}", which is not defined`,
        });
  });
const CreateRolesProfileBody = CreateSafeProfileBody.extend({ role: RoleRequestBody });
/** Allowances a role change sets, each named once. */
const NewAllowances = z
  .array(AllowanceSpecSchema)
  .max(16)
  .refine((list) => new Set(list.map((a) => a.name)).size === list.length, 'each allowance is named once');

export async function createProfileAction(
  workspaceSlug: string,
  projectId: string,
  input: { alias: string; chainId: number },
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = CreateProfileBody.parse({ projectId, alias: input.alias, chainId: input.chainId });
    const profile = await createLegacyProfile(getDb(), workspace.id, actor, body);
    return { id: profile.id, name: profile.name };
  });
}

/**
 * "Import an existing key" (owners/admins; console only): a legacy profile on the account of a pasted or uploaded
 * private key. The key arrives here once; the answer names the profile and its address, never the key.
 */
export async function importProfileKeyAction(
  workspaceSlug: string,
  projectId: string,
  input: { alias: string; chainId: number; privateKey: string },
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = ImportKeyBody.parse({
      projectId,
      alias: input.alias,
      chainId: input.chainId,
      privateKey: input.privateKey,
    });
    const profile = await importLegacyProfile(getDb(), workspace.id, actor, body);
    return { id: profile.id, name: profile.name, address: profile.address };
  });
}

/** Creates a Safe or roles profile (owners/admins); answers its executor and the first transaction to sign. */
function createOnSafe(
  workspaceSlug: string,
  projectId: string,
  input: () => Omit<CreateSafeProfileInput, 'projectId'>,
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const { profile, safeTransactionId } = await createSafeProfile(getDb(), workspace.id, actor, {
      projectId,
      ...input(),
    });
    return {
      id: profile.id,
      name: profile.name,
      executor: profile.executor?.address ?? null,
      safeTransactionId,
    };
  });
}

/** A pending Safe profile for an existing Safe; answers its executor and the enabling transaction to sign. */
export async function createSafeProfileAction(
  workspaceSlug: string,
  projectId: string,
  input: { alias: string; chainId: number; safe: string },
) {
  return createOnSafe(workspaceSlug, projectId, () => {
    const { projectId: _, ...body } = CreateSafeProfileBody.parse({ projectId, ...input });
    return body;
  });
}

/**
 * A pending roles profile for an existing Safe: its executor, and the Safe transaction that deploys the Roles
 * modifier, enables it and gives the executor a role allowing `scope`.
 */
export async function createRolesProfileAction(
  workspaceSlug: string,
  projectId: string,
  input: { alias: string; chainId: number; safe: string; role: RoleRequest },
) {
  return createOnSafe(workspaceSlug, projectId, () => {
    const { projectId: _, role, ...body } = CreateRolesProfileBody.parse({ projectId, ...input });
    return { ...body, roles: { scope: scopeOfCalls(role.calls), allowances: role.allowances } };
  });
}

/**
 * "Allow these calls": prepares the Safe transaction that extends a roles profile's role by the calls a
 * `permissions_not_covered` refusal named, setting the allowances their conditions spend from that the role
 * does not hold yet, for the owners to sign. Answers its id (the signing page's).
 */
export async function allowRoleCallsAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  calls: RoleRequest['calls'],
  allowances: RoleRequest['allowances'] = [],
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const missing = scopeOfCalls(CallsToAllow.parse(calls));
    const id = await prepareRoleChange(
      getDb(),
      workspace.id,
      actor,
      z.string().min(1).parse(profileId),
      missing,
      NewAllowances.parse(allowances),
    );
    return { id };
  });
}

/** Self-calls to allow, as a `call_not_permitted` refusal names them: a target, one 4-byte selector. */
const SelfCallsToAllow = z
  .array(
    z
      .object({ to: AddressSchema, selector: z.string().regex(/^0x[0-9a-fA-F]{8}$/, 'a 4-byte selector') })
      .strict(),
  )
  .min(1, 'name at least one call to allow')
  .max(256);

/**
 * "Ask the owners to allow these calls": prepares the Safe transaction in which the Safe signs its allowance of
 * calls to itself that a `call_not_permitted` refusal named. Answers its id (the signing page's).
 */
export async function allowSelfCallsAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  calls: { to: string; selector: string }[],
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const scope = SelfCallsToAllow.parse(calls).map((c) => ({ to: c.to, functions: [c.selector] }));
    const id = await prepareSelfCallAllowance(
      getDb(),
      workspace.id,
      actor,
      z.string().min(1).parse(profileId),
      scope,
    );
    return { id };
  });
}

/** Prepares a Safe profile's module transaction (enable Tickwork again, or revoke its access) for the owners. */
export async function prepareSafeTransactionAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  purpose: ModuleTransactionPurpose,
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const id = await prepareSafeTransaction(
      getDb(),
      workspace.id,
      actor,
      profileId,
      SafeTransactionPurpose.parse(purpose),
    );
    return { id };
  });
}

export async function renameProfileAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  name: string,
) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = RenameProfileBody.parse({ name });
    const profile = await renameProfile(getDb(), workspace.id, actor, profileId, body.name);
    return { name: profile.name };
  });
}

export async function archiveProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const profile = await archiveProfile(getDb(), workspace.id, actor, profileId);
    return { name: profile.name };
  });
}

export async function unarchiveProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const profile = await unarchiveProfile(getDb(), workspace.id, actor, profileId);
    return { name: profile.name };
  });
}

export async function retryProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const profile = await retryProfileProvisioning(getDb(), workspace.id, actor, profileId);
    return { name: profile.name };
  });
}

export async function shareProfileAction(
  workspaceSlug: string,
  projectId: string,
  profileId: string,
  input: { targetProjectId: string; alias: string },
) {
  // this project's list and the target's, which the profile lands in
  const revalidate = (shared: { projectId: string }) => [
    profilesPath(workspaceSlug, projectId),
    profilesPath(workspaceSlug, shared.projectId),
  ];
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const body = ShareProfileBody.parse({
      targetProjectId: input.targetProjectId,
      alias: input.alias.trim() || undefined,
    });
    const profile = await shareProfile(getDb(), workspace.id, actor, profileId, body);
    return { name: profile.name, projectId: profile.projectId };
  });
}

/** Dev only: adds 10 ether and 100 TICK to a profile on the local anvil chain (any other chain is refused). */
export async function faucetProfileAction(workspaceSlug: string, projectId: string, profileId: string) {
  const revalidate = profilesPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace }) => {
    const profile = await fundProfile(getDb(), workspace.id, profileId);
    return { name: profile.name, balance: profile.balance?.formatted ?? 'unknown' };
  });
}
