import { z } from 'zod';
import {
  EXECUTABLE_STATES,
  GAS_MODES,
  PRIVATE_SUBMISSION_MODES,
  SANDBOX_RUNTIMES,
  SPONSORSHIP_PROVIDERS,
} from '@/db/enums';
import { pageQuery, paginationSchema } from '@/lib/api/pagination';
import { WeiSchema } from '@/lib/chains/wei';
import { RUNNER_NAMES } from '@/lib/runtime/runners/types';
import { ENV_KEY_MAX_LENGTH, ENV_KEY_PATTERN, ENV_KEY_RULE } from '@/lib/secrets/env-key';

export const TriggerSchema = z
  .discriminatedUnion('type', [
    z
      .object({
        type: z.literal('interval'),
        intervalMs: z
          .number()
          .int()
          .meta({ description: 'Milliseconds, 30000 (30 s) to 86400000 (one day)' }),
      })
      .strict(),
    z
      .object({
        type: z.literal('cron'),
        cronspec: z
          .string()
          .min(1)
          .max(200)
          .meta({ description: 'Standard 5-field cron expression, evaluated in UTC' }),
      })
      .strict(),
    z
      .object({
        type: z.literal('event'),
        chainId: z.number().int().optional().meta({
          description: "An enabled chain of this deployment; the profile's chain when omitted",
        }),
        addresses: z
          .array(z.string())
          .meta({ description: 'The contracts whose logs match (1 to 20; answered checksummed)' }),
        event: z.string().min(1).max(1000).nullable().optional().meta({
          description:
            'A Solidity event signature, e.g. `Transfer(address indexed from, address indexed to, uint256 value)`: its topic0 fills topics[0], and ctx.trigger.log.event carries the decoded args',
        }),
        topics: z
          .array(z.union([z.string(), z.array(z.string()).min(1).max(10), z.null()]))
          .optional()
          .meta({
            description:
              'topic0..topic3 as 32-byte hex: null matches anything at that position, an array any of its values. Needed (topic0 at least) when `event` is not given',
          }),
        confirmations: z.number().int().optional().meta({
          description:
            'Blocks on top of the log’s block before it runs (0: at once). Default and maximum per chain: docs/triggers.md',
        }),
      })
      .strict(),
    z
      .object({
        type: z.literal('block'),
        chainId: z.number().int().optional().meta({
          description: "An enabled chain of this deployment; the profile's chain when omitted",
        }),
        everyBlocks: z.number().int().optional().meta({
          description: 'Runs for each block whose number is a multiple of it: 1 to 10000 (default 1)',
        }),
        confirmations: z.number().int().optional().meta({
          description:
            'Blocks on top of the block before it runs. Default and maximum per chain: docs/triggers.md',
        }),
      })
      .strict(),
  ])
  .meta({
    id: 'Trigger',
    description:
      'interval and cron: the scheduler fires them. event (once per matching log) and block (every N blocks): the chain follower runs them once they have their confirmations; nextRunAt stays null (docs/triggers.md)',
  });

export type TriggerInput = z.infer<typeof TriggerSchema>;

const SecretBindingSchema = z
  .object({
    secretId: z.string().min(1),
    envKey: z.string().max(ENV_KEY_MAX_LENGTH).regex(ENV_KEY_PATTERN, ENV_KEY_RULE),
  })
  .strict()
  .meta({ id: 'SecretBinding' });

const SecretBindings = z.array(SecretBindingSchema).max(100);
/** The fee caps of the gas facet: a wei amount, or null for none (on PATCH null clears; omitted keeps). */
const MaxFeePerGas = WeiSchema.nullable().meta({
  description:
    "The most a run may bid per gas (maxFeePerGas), in wei as a decimal string; null: the chain's default cap, if any",
});
const MaxCostPerRun = WeiSchema.nullable().meta({
  description:
    'The most a run may pay for gas (gas limit × max fee per gas, the calls’ value not counted), in wei as a decimal string; null: no such cap',
});

const PrivateSubmission = z.enum(PRIVATE_SUBMISSION_MODES).meta({
  description:
    "Transactions and the chain's private transaction endpoint (docs/executions.md#private-submission): `auto` there first when the chain names one, to the public mempool after the chain's fallback; `only` there and never public (refused on a chain without one); `off` the public mempool. Default `auto`",
});

const Args = z
  .string()
  .max(256 * 1024)
  .meta({ description: 'JSON-encoded task args: a string holding a JSON object' });

export const ExecutableSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    functionId: z.string(),
    profileId: z.string(),
    name: z.string(),
    state: z.enum(EXECUTABLE_STATES),
    stateReason: z.string().nullable().meta({ description: 'Why provisioning failed (state error)' }),
    trigger: TriggerSchema,
    nextRunAt: z.string().nullable().meta({ description: 'Next scheduled fire; null unless active' }),
    args: z.string(),
    secretBindings: z.array(SecretBindingSchema),
    gasMode: z.enum(GAS_MODES),
    gasFallback: z.boolean(),
    sponsorshipProvider: z.enum(SPONSORSHIP_PROVIDERS).nullable(),
    maxFeePerGas: z.string().nullable().meta({
      description:
        "The most a run may bid per gas, in wei (decimal string); null: the chain's default cap, if any",
    }),
    maxCostPerRun: z.string().nullable().meta({
      description: 'The most a run may pay for gas (gas limit × max fee per gas), in wei; null: no such cap',
    }),
    privateSubmission: PrivateSubmission,
    feeHold: z
      .strictObject({
        since: z.string().meta({ description: 'When the first run was held' }),
        requiredMaxFeePerGas: z
          .string()
          .meta({ description: 'The max fee per gas (wei) the chain needed then, above the cap' }),
      })
      .nullable()
      .meta({
        description:
          'Set while scheduled runs and trigger events are held because the chain needs a fee above the cap (runs then end `fee_cap_exceeded`); cleared when the fee falls or a cap changes',
      }),
    sandboxRuntime: z.enum(SANDBOX_RUNTIMES),
    sandboxRunner: z.enum([...RUNNER_NAMES, 'unavailable']).meta({
      description:
        'The runner that serves `sandboxRuntime` in this deployment: `gvisor` for gvisor where the gVisor runner is configured (`TICKWORK_GVISOR_RUNNER`), `unavailable` where it no longer is (its runs fail with runner_unavailable); `daytona` for daytona where Daytona is configured (`DAYTONA_API_KEY`), else `isolate` (isolated-vm in the app process). Each execution records the runner that ran it',
    }),
    pinned: z.boolean(),
    pendingFunctionSwitch: z
      .strictObject({
        functionId: z.string(),
        args: z.string().optional(),
        requestId: z.string(),
        requestedAt: z.string(),
      })
      .optional()
      .meta({ description: 'Present only while a function switch is being built' }),
    lastFunctionSwitchError: z
      .strictObject({ functionId: z.string(), message: z.string(), at: z.string() })
      .nullable(),
    runsHeld: z
      .strictObject({ code: z.enum(['compute_units_exhausted']), message: z.string(), until: z.string() })
      .optional()
      .meta({
        description:
          "Present (on get and list) only while the executable is active but its runs are refused: the Free plan's compute units of the cycle are used up; scheduled runs are skipped until `until` (the cycle's end)",
      }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Executable' });
export type ExecutableRecord = z.output<typeof ExecutableSchema>;

const name = z.string().trim().min(1).max(100);

export const CreateExecutableBody = z
  .object({
    projectId: z.string().min(1),
    functionId: z.string().min(1),
    profileId: z.string().min(1),
    name,
    trigger: TriggerSchema,
    args: Args.optional(),
    secretBindings: SecretBindings.optional(),
    gasMode: z
      .enum(GAS_MODES)
      .optional()
      .meta({ description: 'Default: sponsored for roles profiles, else self' }),
    gasFallback: z.boolean().optional(),
    sponsorshipProvider: z.enum(SPONSORSHIP_PROVIDERS).optional(),
    maxFeePerGas: MaxFeePerGas.optional(),
    maxCostPerRun: MaxCostPerRun.optional(),
    privateSubmission: PrivateSubmission.optional(),
    sandboxRuntime: z.enum(SANDBOX_RUNTIMES).optional(),
  })
  .strict()
  .meta({ id: 'CreateExecutableRequest' });

export const ArgsBody = z.object({ args: Args }).strict().meta({ id: 'ExecutableArgsRequest' });
export const FunctionSwitchBody = z
  .object({ functionId: z.string().min(1), args: Args.optional() })
  .strict()
  .meta({ id: 'ExecutableFunctionSwitchRequest' });
export const GasModeBody = z
  .object({
    gasMode: z.enum(GAS_MODES),
    gasFallback: z.boolean().optional(),
    sponsorshipProvider: z.enum(SPONSORSHIP_PROVIDERS).optional(),
    maxFeePerGas: MaxFeePerGas.optional(),
    maxCostPerRun: MaxCostPerRun.optional(),
    privateSubmission: PrivateSubmission.optional(),
  })
  .strict()
  .meta({ id: 'ExecutableGasModeRequest' });
export const PinnedBody = z.object({ pinned: z.boolean() }).strict().meta({ id: 'ExecutablePinnedRequest' });
export const ProfileBody = z
  .object({ profileId: z.string().min(1) })
  .strict()
  .meta({ id: 'ExecutableProfileRequest' });
export const SecretsBody = z
  .object({ secretBindings: SecretBindings })
  .strict()
  .meta({ id: 'ExecutableSecretsRequest' });
export const SponsorshipProviderBody = z
  .object({ sponsorshipProvider: z.enum(SPONSORSHIP_PROVIDERS) })
  .strict()
  .meta({ id: 'ExecutableSponsorshipProviderRequest' });
export const TriggerBody = z
  .object({ trigger: TriggerSchema })
  .strict()
  .meta({ id: 'ExecutableTriggerRequest' });

export const FunctionSwitchAccepted = z
  .strictObject({ success: z.literal(true), requestId: z.string(), state: z.literal('rebuilding') })
  .meta({ id: 'FunctionSwitchAccepted' });

export const ExecutableListQuery = z.object({ projectId: z.string().min(1), ...pageQuery });
export const ExecutablePage = z.strictObject({
  data: z.array(ExecutableSchema),
  pagination: paginationSchema,
});
export const ExecutableParams = z.object({ executableId: z.string() });

export type CreateExecutableInput = z.infer<typeof CreateExecutableBody>;
export type GasModeInput = z.infer<typeof GasModeBody>;
export type SecretBindingInput = z.infer<typeof SecretBindingSchema>;
