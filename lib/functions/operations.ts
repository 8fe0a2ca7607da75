import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import {
  CopyFunctionBody,
  FunctionListQuery,
  FunctionPage,
  FunctionParams,
  FunctionReleaseSchema,
  FunctionSourceSchema,
  UploadResult,
} from './schemas';

const tag = 'Functions';

// The bundle's checks (lib/functions/bundle.ts, gelato-release.ts) and the version-tag and plan rules of a new
// release (lib/functions/releases.ts).
const BUNDLE_CHECKS = [
  'bundle_uncompressed_too_large',
  'bundle_too_many_entries',
  'bundle_path_invalid',
  'bundle_symlink',
  'bundle_missing_index',
  'bundle_invalid',
  'invalid_permissions',
  'invalid_gelato_schema',
  'invalid_gelato_user_args',
] as const;
const RELEASE_CHECKS = ['version_tag_required', 'version_tag_conflict', 'plan_limit_exceeded'] as const;
const one = z.strictObject({ data: FunctionReleaseSchema });

export const uploadFunctionOp = defineOperation({
  method: 'POST',
  path: '/api/task/upload',
  scope: 'functions:upload',
  tag,
  summary: 'Upload a function bundle (ZIP) as an immutable release',
  description:
    'Multipart parts: `data` (JSON text: workspaceId, projectId, taskName, checkSum, versionTag?, schema?, definedCallbacks?) and `blob` (the ZIP). A repeat of the same active name, tag and checksum returns the existing release with created false. Not covered by Idempotency-Key.',
  idempotent: false,
  form: z.object({
    data: z.string().meta({ description: 'JSON text of the upload metadata' }),
    blob: z.string().meta({ format: 'binary', description: 'The ZIP archive' }),
  }),
  errors: [
    'unsupported_media_type',
    'bundle_too_large',
    'checksum_mismatch',
    'invalid_schema',
    ...BUNDLE_CHECKS,
    ...RELEASE_CHECKS,
  ],
  responses: { 200: UploadResult },
});

export const listFunctionsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/functions',
  scope: 'functions:read',
  tag,
  summary: 'List the active releases of a project, newest first',
  query: FunctionListQuery,
  responses: { 200: FunctionPage },
});

export const getFunctionOp = defineOperation({
  method: 'GET',
  path: '/api/v1/functions/{functionId}',
  scope: 'functions:read',
  tag,
  summary: 'Get a release (deleted releases too, with state deleted)',
  params: FunctionParams,
  responses: { 200: one },
});

export const deleteFunctionOp = defineOperation({
  method: 'DELETE',
  path: '/api/v1/functions/{functionId}',
  scope: 'functions:delete',
  tag,
  summary: 'Soft-delete a release; its tag stays reserved',
  params: FunctionParams,
  errors: ['function_in_use'],
  responses: { 200: one },
});

export const getFunctionSourceOp = defineOperation({
  method: 'GET',
  path: '/api/v1/functions/{functionId}/source',
  scope: 'functions:source',
  tag,
  summary: 'The files of the release bundle',
  params: FunctionParams,
  responses: { 200: z.strictObject({ data: FunctionSourceSchema }) },
});

export const copyFunctionOp = defineOperation({
  method: 'POST',
  path: '/api/v1/functions/{functionId}/copy',
  scope: 'functions:upload',
  tag,
  summary: 'Copy a release into another project of the workspace (201 created, 200 identical release exists)',
  params: FunctionParams,
  body: CopyFunctionBody,
  errors: ['function_deleted', ...RELEASE_CHECKS],
  responses: { 200: one, 201: one },
});
