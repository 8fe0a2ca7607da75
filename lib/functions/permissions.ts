import { isAddress, toFunctionSelector } from 'viem';
import { z } from 'zod';
import { ArgConditionsSchema, conditionProblems } from '@/lib/zodiac/conditions';
import { type PermissionCalls, selectorOf } from '@/lib/zodiac/scope-drafts';

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
            to: z.string().refine((a) => isAddress(a, { strict: false }) || ARGS_REFERENCE.test(a), {
              message: 'an 0x address, or "$args.<field>" naming a top-level args field that holds one',
            }),
            functions: z.array(FunctionRef).min(1).max(256),
            conditions: z.record(z.string(), ArgConditionsSchema).optional(),
          })
          .strict()
          .superRefine((call, ctx) => {
            for (const [fn, conditions] of Object.entries(call.conditions ?? {})) {
              const problems = call.functions.includes(fn)
                ? conditionProblems(fn, conditions)
                : [`${fn}: conditions for a function the entry's functions do not list`];
              for (const message of problems)
                ctx.addIssue({ code: 'custom', path: ['conditions', fn], message });
            }
          }),
      )
      .max(256),
  })
  .strict();

export type Permissions = z.infer<typeof PermissionsSchema>;

/** A target taken from the executable's saved args: `$args.<field>` (a top-level field holding an address). */
const ARGS_REFERENCE = /^\$args\.([A-Za-z_][A-Za-z0-9_]{0,63})$/;

/**
 * permissions.json with its `$args.<field>` targets replaced by the addresses the executable's saved args hold
 * (never a webhook's custom args: whoever holds a webhook URL must not choose targets). A reference whose field
 * is missing or not an address is dropped and reported in `unresolved`: it declares nothing.
 */
export function resolvePermissions(
  permissions: PermissionCalls | null,
  args: string | null,
): { calls: PermissionCalls['calls']; unresolved: string[] } {
  if (!permissions) return { calls: [], unresolved: [] };
  let values: Record<string, unknown> = {};
  try {
    const parsed = args ? JSON.parse(args) : {};
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) values = parsed;
  } catch {
    // unparsable args resolve no reference
  }
  const unresolved: string[] = [];
  const calls = permissions.calls.flatMap((entry) => {
    const field = ARGS_REFERENCE.exec(entry.to)?.[1];
    if (field === undefined) return [entry];
    const value = Object.hasOwn(values, field) ? values[field] : undefined;
    if (typeof value !== 'string' || !isAddress(value, { strict: false })) {
      unresolved.push(entry.to);
      return [];
    }
    return [{ ...entry, to: value }];
  });
  return { calls, unresolved };
}

/**
 * Whether `permissions.json` declares a call a run returned: its target (after `$args` references are resolved
 * with the executable's saved args) is listed with the selector of its data. A plain value transfer (empty data)
 * needs only its target listed. No file declares nothing.
 */
export function declaresCall(
  permissions: PermissionCalls | null,
  call: { to: string; data: string },
  args: string | null = null,
): boolean {
  const to = call.to.toLowerCase();
  const selector = call.data.slice(0, 10).toLowerCase();
  return Boolean(
    resolvePermissions(permissions, args).calls.some(
      (entry) =>
        entry.to.toLowerCase() === to &&
        (call.data.length <= 2 || entry.functions.some((fn) => selectorOf(fn) === selector)),
    ),
  );
}

/** Function signatures by selector, from the signatures (not raw selectors) that permissions files name. */
export function signaturesBySelector(files: readonly (PermissionCalls | null)[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const file of files)
    for (const call of file?.calls ?? [])
      for (const ref of call.functions) if (!ref.startsWith('0x')) names.set(selectorOf(ref), ref);
  return names;
}
