import { z } from 'zod';
import { KEY_SOURCES, PROFILE_KINDS, PROFILE_STATES } from '@/db/enums';
import { pageQuery, paginationSchema } from '@/lib/api/pagination';

/** The most one top-up of a local-chain profile adds (ether). */
const MAX_DEV_FUNDING_ETH = 1000;

const BalanceSchema = z
  .strictObject({
    wei: z.string().meta({ description: 'Native balance in wei, as a decimal string' }),
    formatted: z
      .string()
      .meta({ description: "The balance in the chain's native unit with its symbol, e.g. `1.5 ETH`" }),
  })
  .meta({ id: 'ProfileBalance' });

const SafeStateSchema = z
  .strictObject({
    version: z.string().meta({ description: 'The Safe contract version (1.3.0 or 1.4.1)' }),
    owners: z.array(z.string()).meta({ description: 'Owner addresses, as last read from the chain' }),
    threshold: z.number().int().meta({ description: 'Signatures a Safe transaction needs' }),
    nonce: z.string().meta({ description: "The Safe's transaction nonce when it was read" }),
    moduleEnabled: z
      .boolean()
      .meta({ description: "Whether the profile's executor is an enabled module of the Safe" }),
    readAt: z.string().meta({ description: 'When Tickwork last read the Safe (ISO 8601)' }),
  })
  .meta({ id: 'ProfileSafeState' });

const NonceBlockedSchema = z
  .strictObject({
    nonce: z.number().int().meta({ description: "The sending account's nonce that is held" }),
    executionId: z.string().meta({ description: 'The execution whose transaction holds it' }),
    since: z.string().meta({
      description:
        "When an endpoint first accepted that execution's transaction (when it was signed, if none was) (ISO 8601)",
    }),
    reason: z.enum(['cancellation_pending', 'not_mined']).meta({
      description:
        '`cancellation_pending`: Tickwork gave up on the transaction and the self-transfer that clears its nonce is not mined yet (the execution ended `submitted_unknown`); `not_mined`: the execution is still `submitted` and its transaction has not been mined for longer than a run waits for the account (two re-pricing intervals, at most 60 s)',
    }),
  })
  .meta({ id: 'ProfileNonceBlocked' });

export const ProfileSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    kind: z.enum(PROFILE_KINDS),
    state: z.enum(PROFILE_STATES),
    name: z.string(),
    chainId: z.number().int(),
    address: z
      .string()
      .meta({ description: 'The sending address (EIP-55): the delegated EOA (legacy), or the Safe (safe)' }),
    stateReason: z.string().nullable().meta({
      description:
        "What stands in the profile's way: why a pending profile is not active yet (last provisioning failure, or the Safe owners have not enabled the module), or a problem seen on chain since (the module was disabled)",
    }),
    sharedFromId: z.string().nullable().meta({ description: 'The profile this one shares the account of' }),
    keySource: z.enum(KEY_SOURCES).nullable().meta({
      description:
        "Legacy profiles: where the account's key came from, `generated` by Tickwork or `imported` in the console (the key itself is never returned). Null for Safe and roles profiles",
    }),
    balance: BalanceSchema.nullable().meta({
      description:
        'Native balance read from the chain at request time; null when the chain did not answer in time',
    }),
    executor: z.strictObject({ address: z.string(), balance: BalanceSchema.nullable() }).nullable().meta({
      description:
        'Safe profiles: the account Tickwork holds the key of, enabled as a module of the Safe; it sends the runs and pays their gas in `self` mode. Null for legacy profiles',
    }),
    safe: SafeStateSchema.nullable().meta({
      description: 'Safe profiles: the Safe as last read from the chain. Null for legacy profiles',
    }),
    roles: z
      .strictObject({
        modifier: z
          .string()
          .meta({ description: 'The Zodiac Roles v2 modifier between the Safe and the executor' }),
        roleKey: z.string().meta({ description: "The executor's role on it (bytes32)" }),
      })
      .nullable()
      .meta({ description: "Roles profiles: where the executor's role lives. Null for other kinds" }),
    nonceBlocked: NonceBlockedSchema.nullable().meta({
      description:
        "The lowest nonce of the sending account (the executor of Safe and roles profiles) that a transaction Tickwork recorded still holds, once it holds it so long that the account's next run fails `nonce_blocked`; read from the database at request time. Null when the account is free or its transaction is simply in flight",
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Profile', description: 'Profile record; an account key is never returned' });
export type ProfileRecord = z.output<typeof ProfileSchema>;

const name = z.string().trim().min(1).max(100);

export const CreateProfileBody = z
  .object({
    projectId: z.string().min(1),
    alias: name.meta({ description: "Becomes the profile's name" }),
    chainId: z.int32().positive(),
  })
  .strict()
  .meta({ id: 'CreateProfileRequest' });

export const FundProfileBody = z
  .object({
    amount: z
      .string()
      .regex(/^\d{1,4}(\.\d{1,18})?$/, 'ether as a decimal string, e.g. "10" or "0.5"')
      .refine(
        (amount) => Number(amount) > 0 && Number(amount) <= MAX_DEV_FUNDING_ETH,
        `more than 0 and at most ${MAX_DEV_FUNDING_ETH} ether`,
      )
      .optional()
      .meta({ description: `Ether to add, at most ${MAX_DEV_FUNDING_ETH} (default 10)` }),
  })
  .strict()
  .meta({ id: 'FundProfileRequest' });

export const RenameProfileBody = z.object({ name }).strict().meta({ id: 'RenameProfileRequest' });

export const ShareProfileBody = z
  .object({
    targetProjectId: z.string().min(1),
    alias: name.optional().meta({ description: "The new profile's name; defaults to the shared profile's" }),
  })
  .strict()
  .meta({ id: 'ShareProfileRequest' });

export const ProfileListQuery = z.object({ projectId: z.string().min(1), ...pageQuery });

export const ProfilePage = z.strictObject({ data: z.array(ProfileSchema), pagination: paginationSchema });

export const ProfileParams = z.object({ profileId: z.string() });

export type CreateProfileInput = z.infer<typeof CreateProfileBody>;
export type ShareProfileInput = z.infer<typeof ShareProfileBody>;
