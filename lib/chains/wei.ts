import { z } from 'zod';

/**
 * A positive amount of wei as a decimal string (1 to 78 digits, no sign, no exponent), so no JSON number ever
 * rounds it. Alert thresholds and an executable's fee caps use it.
 */
export const WeiSchema = z
  .string()
  .regex(/^[0-9]{1,78}$/, { message: 'a whole number of wei, as a decimal string', abort: true })
  .refine((v) => BigInt(v) > 0n, 'must be more than 0');
