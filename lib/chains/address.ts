import { getAddress } from 'viem';
import { z } from 'zod';

/**
 * A 20-byte 0x hex address in any letter case, answered checksummed. Chain configs and task results both use
 * it; the message reads after a field name (`calls[0].to must be …`) and still says "not an address", the
 * words a broken TICKWORK_CHAINS has always been reported with.
 */
export const AddressSchema = z
  .string({ error: 'must be a 0x address string' })
  .regex(/^0x[0-9a-fA-F]{40}$/, 'must be a 20-byte 0x hex address (this is not an address)')
  .transform((address) => getAddress(address));
