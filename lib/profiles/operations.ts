import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  CreateProfileBody,
  FundProfileBody,
  ProfileListQuery,
  ProfilePage,
  ProfileParams,
  ProfileSchema,
  RenameProfileBody,
  ShareProfileBody,
} from './schemas';

const tag = 'Profiles';
const one = z.strictObject({ data: ProfileSchema });

export const listProfilesOp = defineOperation({
  method: 'GET',
  path: '/api/v1/profiles',
  scope: 'profiles:read',
  tag,
  summary: 'List the profiles of a project, newest first (every state)',
  query: ProfileListQuery,
  responses: { 200: ProfilePage },
});

export const createProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles',
  scope: 'profiles:write',
  tag,
  summary: 'Create a legacy (EIP-7702) profile; it is pending until its account is delegated',
  description:
    'Tickwork generates the account key and keeps it envelope-encrypted; it is never returned. Provisioning runs asynchronously: read the profile until `state` is `active` (or `stateReason` explains a failure, then POST retry).',
  body: CreateProfileBody,
  errors: ['chain_not_enabled', 'chain_not_on_plan', 'legacy_profiles_disabled'],
  responses: { 201: one },
});

export const getProfileOp = defineOperation({
  method: 'GET',
  path: '/api/v1/profiles/{profileId}',
  scope: 'profiles:read',
  tag,
  summary: 'Get a profile with its current native balance',
  params: ProfileParams,
  responses: { 200: one },
});

export const renameProfileOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/profiles/{profileId}',
  scope: 'profiles:write',
  tag,
  summary: 'Rename a profile',
  params: ProfileParams,
  body: RenameProfileBody,
  responses: { 200: one },
});

export const archiveProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles/{profileId}/archive',
  scope: 'profiles:write',
  tag,
  summary: 'Archive an active profile no executable uses (the on-chain account and its funds stay)',
  params: ProfileParams,
  errors: ['profile_not_active', 'profile_in_use'],
  responses: { 200: one },
});

export const unarchiveProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles/{profileId}/unarchive',
  scope: 'profiles:write',
  tag,
  summary: 'Make an archived profile active again',
  params: ProfileParams,
  errors: ['profile_not_archived'],
  responses: { 200: one },
});

export const retryProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles/{profileId}/retry',
  scope: 'profiles:write',
  tag,
  summary: 'Queue provisioning of a pending legacy profile again',
  params: ProfileParams,
  errors: ['profile_not_pending'],
  responses: { 200: one },
});

export const shareProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles/{profileId}/share',
  scope: 'profiles:write',
  tag,
  summary:
    'Share an active profile with another project of the workspace (a new profile on the same account)',
  params: ProfileParams,
  body: ShareProfileBody,
  errors: ['profile_not_active', 'profile_not_shareable', 'profile_already_in_project'],
  responses: { 201: one },
});

export const fundProfileOp = defineOperation({
  method: 'POST',
  path: '/api/v1/profiles/{profileId}/fund',
  scope: 'profiles:write',
  tag,
  summary: 'Dev chain only: add ether (default 10) and 100 TICK demo tokens to a profile account',
  description:
    'Only on the local anvil chain (31337); any other chain answers `409 faucet_unavailable`. New profiles on that chain are funded when they become active (`TICKWORK_DEV_PROFILE_FUNDING`, default 10 ether).',
  params: ProfileParams,
  body: FundProfileBody,
  errors: ['faucet_unavailable'],
  responses: { 200: one },
});
