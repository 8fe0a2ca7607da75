// `tickwork.yaml`: one project's automation as code (docs/gitops.md). The CLI's plan, apply and export read and
// write it; the app serves its JSON Schema at /schemas/tickwork.json so editors complete it.
import { z } from 'zod';
import { ALERT_KINDS, GAS_MODES, PRIVATE_SUBMISSION_MODES, SPONSORSHIP_PROVIDERS } from '@/db/enums';
import { WeiSchema } from '@/lib/chains/wei';
import { TriggerSchema } from '@/lib/executables/schemas';
import { FUNCTION_NAME_PATTERN } from '@/lib/functions/schemas';
import { VERSION_TAG_PATTERN } from '@/lib/functions/version-tags';
import { ENV_KEY_MAX_LENGTH, ENV_KEY_PATTERN } from '@/lib/secrets/env-key';

export const AS_CODE_FILE_VERSION = 1;

/** A function reference: `name` (an entry of `functions`) or `name@tag` (a release already uploaded). */
export const FUNCTION_REF_PATTERN = /^([A-Za-z0-9][A-Za-z0-9._-]{0,63})(?:@([a-z0-9][a-z0-9._-]{0,31}))?$/;

const FunctionEntry = z
  .strictObject({
    path: z.string().min(1).meta({
      description: 'The task folder, relative to this file; bundled as `tickwork bundle` does',
    }),
    tag: z.string().regex(VERSION_TAG_PATTERN).optional().meta({
      description:
        'The version tag a new release of this folder gets; omitted: the next free tag (v1, v2, …). A folder whose bundle equals an existing release of the name uses that release',
    }),
  })
  .meta({ description: 'A function (task folder) whose releases this file uploads' });

const AlertRuleEntry = z.strictObject({
  params: z
    .record(z.string(), z.union([z.number(), z.string()]))
    .optional()
    .meta({
      description: 'The kind’s parameters (docs/alerts.md#rules); omitted: the kind’s defaults',
    }),
  channels: z.array(z.string().min(1)).max(20).optional().meta({
    description:
      'Names of notification channels of the project (channels hold credentials: made in the console)',
  }),
  enabled: z.boolean().optional().meta({ description: 'Default true' }),
});
export type AlertRuleEntry = z.infer<typeof AlertRuleEntry>;

const AlertRules = z.partialRecord(z.enum(ALERT_KINDS), AlertRuleEntry).meta({
  description: 'Alert rules by kind',
});

const Gas = z.strictObject({
  mode: z.enum(GAS_MODES),
  fallback: z.boolean().optional(),
  sponsorshipProvider: z.enum(SPONSORSHIP_PROVIDERS).optional(),
  maxFeePerGas: WeiSchema.nullable().optional(),
  maxCostPerRun: WeiSchema.nullable().optional(),
  privateSubmission: z.enum(PRIVATE_SUBMISSION_MODES).optional(),
});
export type GasEntry = z.infer<typeof Gas>;

const ExecutableEntry = z
  .strictObject({
    function: z.string().regex(FUNCTION_REF_PATTERN).meta({
      description: '`name`: the release of an entry of `functions`; `name@tag`: a release already uploaded',
    }),
    profile: z
      .string()
      .min(1)
      .meta({ description: 'The profile’s name (its alias): profiles are made in the console' }),
    trigger: TriggerSchema,
    args: z
      .record(z.string(), z.unknown())
      .optional()
      .meta({ description: 'The task’s args (a JSON object)' }),
    secrets: z
      .record(z.string().max(ENV_KEY_MAX_LENGTH).regex(ENV_KEY_PATTERN), z.string().min(1))
      .optional()
      .meta({ description: 'Env key → the name of a project secret (values never live in this file)' }),
    gas: Gas.optional(),
    state: z.enum(['active', 'paused']).optional().meta({ description: 'Default active' }),
    alerts: AlertRules.optional().meta({
      description: 'Rules of this executable, replacing the project’s of the kind',
    }),
  })
  .meta({ description: 'An executable; fields left out are not managed by this file' });
export type ExecutableEntry = z.infer<typeof ExecutableEntry>;

export const AsCodeFileSchema = z
  .strictObject({
    $schema: z.string().optional(),
    version: z.literal(AS_CODE_FILE_VERSION),
    project: z.string().min(1).meta({ description: 'The project’s id (prj_…) or slug' }),
    functions: z.record(z.string().regex(FUNCTION_NAME_PATTERN), FunctionEntry).optional(),
    executables: z.record(z.string().trim().min(1).max(100), ExecutableEntry).optional(),
    alerts: AlertRules.optional().meta({ description: 'The project’s default alert rules' }),
  })
  .meta({ title: 'tickwork.yaml', description: 'A Tickwork project as code (docs/gitops.md)' });
export type AsCodeFile = z.infer<typeof AsCodeFileSchema>;

/** The JSON Schema (draft-07: what the YAML language server reads best) editors complete `tickwork.yaml` with. */
export const asCodeJsonSchema = () =>
  z.toJSONSchema(AsCodeFileSchema, { target: 'draft-7', io: 'input', unrepresentable: 'any' });
