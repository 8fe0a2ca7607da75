import { isAddress, toFunctionSelector } from 'viem';
import { z } from 'zod';

/** A function named by its signature (`transfer(address,uint256)`) or its 4-byte selector (`0xa9059cbb`). */
const FunctionRef = z.string().refine(
  (ref) => {
    if (/^0x[0-9a-fA-F]{8}$/.test(ref)) return true;
    try {
      toFunctionSelector(ref);
      return /^[A-Za-z_$][A-Za-z0-9_$]*\(.*\)$/.test(ref);
    } catch {
      return false;
    }
  },
  { message: 'a function signature like transfer(address,uint256) or a 4-byte selector like 0xa9059cbb' },
);

/**
 * `permissions.json` inside a bundle: the only calls the task may return. Documented in docs/bundle-format.md.
 */
export const PermissionsSchema = z
  .object({
    calls: z
      .array(
        z
          .object({
            to: z.string().refine((a) => isAddress(a, { strict: false }), { message: 'an 0x address' }),
            functions: z.array(FunctionRef).min(1).max(256),
          })
          .strict(),
      )
      .max(256),
  })
  .strict();

export type Permissions = z.infer<typeof PermissionsSchema>;

/** The 4-byte selector of a permission entry's function reference. */
export const selectorOf = (ref: string) =>
  ref.startsWith('0x') ? ref.toLowerCase() : toFunctionSelector(ref);

/**
 * Whether `permissions.json` declares a call a run returned: its target is listed with the selector of its
 * data. A plain value transfer (empty data) needs only its target listed. No file declares nothing.
 */
export function declaresCall(
  permissions: { calls: { to: string; functions: string[] }[] } | null,
  call: { to: string; data: string },
): boolean {
  const to = call.to.toLowerCase();
  const selector = call.data.slice(0, 10).toLowerCase();
  return Boolean(
    permissions?.calls.some(
      (entry) =>
        entry.to.toLowerCase() === to &&
        (call.data.length <= 2 || entry.functions.some((fn) => selectorOf(fn) === selector)),
    ),
  );
}
