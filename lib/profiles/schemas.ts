import { z } from 'zod';
import { pageQuery, paginationSchema } from '@/lib/api/pagination';

export const PROFILE_KINDS = ['legacy', 'safe', 'roles'] as const;
export const PROFILE_STATES = ['pending', 'active', 'archived'] as const;

export const BalanceSchema = z
  .object({
    wei: z.string().meta({ description: 'Native balance in wei, as a decimal string' }),
    formatted: z
      .string()
      .meta({ description: "The balance in the chain's native unit with its symbol, e.g. `1.5 ETH`" }),
  })
  .meta({ id: 'ProfileBalance' });

export const ProfileSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    kind: z.enum(PROFILE_KINDS),
    state: z.enum(PROFILE_STATES),
    name: z.string(),
    chainId: z.number().int(),
    address: z.string().meta({ description: 'The sending address (EIP-55): the delegated EOA, or the Safe' }),
    stateReason: z
      .string()
      .nullable()
      .meta({ description: 'Why a pending legacy profile is not active yet (last provisioning failure)' }),
    sharedFromId: z.string().nullable().meta({ description: 'The profile this one shares the account of' }),
    balance: BalanceSchema.nullable().meta({
      description:
        'Native balance read from the chain at request time; null when the chain did not answer in time',
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Profile', description: 'Profile record; an account key is never returned' });

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
      .refine((amount) => Number(amount) > 0 && Number(amount) <= 1000, 'more than 0 and at most 1000 ether')
      .optional()
      .meta({ description: 'Ether to add, at most 1000 (default 10)' }),
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

export const ProfilePage = z.object({ data: z.array(ProfileSchema), pagination: paginationSchema });

export const ProfileParams = z.object({ profileId: z.string() });

export type CreateProfileInput = z.infer<typeof CreateProfileBody>;
export type ShareProfileInput = z.infer<typeof ShareProfileBody>;
