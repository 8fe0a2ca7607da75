import { z } from 'zod';
import { pageQuery, paginationSchema } from '@/lib/api/pagination';
import { CALLBACK_NAMES } from '@/lib/runtime/task-types';
import { VERSION_TAG_PATTERN } from './version-tags';

export const FUNCTION_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const versionTag = z
  .string()
  .regex(VERSION_TAG_PATTERN, 'lowercase, 1 to 32 characters: a letter or digit, then letters, digits, . _ -')
  .refine((t) => t !== 'latest', { message: '"latest" is reserved' });
const functionName = z.string().regex(FUNCTION_NAME_PATTERN, 'letters, digits, . _ -; 1 to 64 characters');

export const PermissionsRecord = z
  .strictObject({ calls: z.array(z.strictObject({ to: z.string(), functions: z.array(z.string()) })) })
  .nullable();

export const FunctionReleaseSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    versionTag: z.string(),
    checksum: z.string().meta({ description: 'SHA-256 (hex) of the whole ZIP' }),
    size: z.number().int().meta({ description: 'Archive size in bytes' }),
    schema: z.string().nullable().meta({ description: 'JSON Schema of the task args (JSON text)' }),
    definedCallbacks: z.array(z.string()),
    permissions: PermissionsRecord,
    limits: z
      .strictObject({ timeoutMs: z.number().int().optional(), memoryMb: z.number().int().optional() })
      .nullable()
      .meta({
        description:
          'Run limits the release asks for, never above the platform defaults (from a Gelato schema.json: memory, timeout); null = the defaults',
      }),
    defaultArgs: z.string().nullable().meta({
      description:
        'Args (JSON object text) an executable created without args gets (from a Gelato userArgs.json); null = none',
    }),
    state: z.enum(['active', 'deleted']),
    createdAt: z.string(),
    deletedAt: z.string().nullable(),
  })
  .meta({ id: 'FunctionRelease' });
export type ReleaseRecord = z.output<typeof FunctionReleaseSchema>;

/** The `data` part of the upload form. */
export const UploadData = z
  .object({
    workspaceId: z.string().min(1),
    projectId: z.string().min(1),
    taskName: functionName,
    checkSum: z.string().regex(/^[0-9a-fA-F]{64}$/, 'SHA-256 of the ZIP as 64 hex characters'),
    versionTag: versionTag.optional(),
    schema: z
      .string()
      .max(256 * 1024)
      .optional(),
    definedCallbacks: z
      .array(z.enum(CALLBACK_NAMES, { error: `a callback name: ${CALLBACK_NAMES.join(' or ')}` }))
      .max(CALLBACK_NAMES.length)
      .optional(),
  })
  .strict();

export const UploadResult = z
  .strictObject({ taskId: z.string(), versionTag: z.string(), created: z.boolean() })
  .meta({ id: 'UploadResult' });

export const FunctionListQuery = z.object({
  projectId: z.string().min(1),
  name: functionName.optional(),
  ...pageQuery,
});

const VersionReservationSchema = z
  .strictObject({
    name: z.string(),
    reservedVersionTags: z.array(z.string()),
    suggestedVersionTag: z.string(),
  })
  .meta({ id: 'VersionReservation' });

export const FunctionPage = z.strictObject({
  data: z.array(FunctionReleaseSchema),
  pagination: paginationSchema,
  versionReservation: VersionReservationSchema.optional().meta({
    description: 'Present when the name filter is given',
  }),
});

export const FunctionParams = z.object({ functionId: z.string() });

export const CopyFunctionBody = z
  .object({
    targetProjectId: z.string().min(1),
    name: functionName.optional(),
    versionTag: versionTag.optional(),
  })
  .strict()
  .meta({ id: 'CopyFunctionRequest' });

export const FunctionSourceSchema = z
  .strictObject({
    id: z.string(),
    checksum: z.string(),
    files: z.array(
      z.strictObject({
        path: z.string(),
        size: z.number().int(),
        encoding: z.enum(['utf8', 'base64']),
        content: z.string(),
      }),
    ),
  })
  .meta({ id: 'FunctionSource' });
export type FunctionSourceRecord = z.output<typeof FunctionSourceSchema>;
