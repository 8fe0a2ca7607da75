import { z } from 'zod';

const SECRET_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const MAX_SECRET_BYTES = 64 * 1024;

export const SecretSchema = z
  .strictObject({
    id: z.string(),
    projectId: z.string(),
    name: z.string(),
    version: z.number().int().meta({ description: 'Starts at 1, bumped on every rotation' }),
    createdAt: z.string(),
    updatedAt: z.string(),
    rotatedAt: z.string().nullable(),
  })
  .meta({ id: 'Secret', description: 'Secret metadata; the value is write-only and never returned' });
export type SecretRecord = z.output<typeof SecretSchema>;

const value = z
  .string()
  .min(1)
  .refine((v) => Buffer.byteLength(v, 'utf8') <= MAX_SECRET_BYTES, { message: 'value is over 64 KiB' });

export const CreateSecretBody = z
  .object({
    projectId: z.string().min(1),
    name: z
      .string()
      .regex(SECRET_NAME_PATTERN, 'a letter or underscore, then letters, digits, _ . or -; at most 64'),
    value,
  })
  .strict()
  .meta({ id: 'CreateSecretRequest' });

export const RotateSecretBody = z.object({ value }).strict().meta({ id: 'RotateSecretRequest' });
export const SecretParams = z.object({ secretId: z.string() });
export const SecretListQuery = z.object({ projectId: z.string().min(1) });
