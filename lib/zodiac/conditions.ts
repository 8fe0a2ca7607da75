// Conditions on a function's arguments, in the form permissions.json, the console and the API write them: one
// entry per argument (null: any value), each a few checks the Zodiac Roles modifier runs on chain. Pure and
// client-safe: the Roles condition trees they become are built in condition-tree.ts.
import { isAddress, parseAbiParameters } from 'viem';
import { z } from 'zod';

/** What one argument must be. `eq`, `oneOf` and `avatar` exclude each other; `lte`, `gte`, `allowance` add up. */
export type ArgCondition = {
  /** equal to this value (an address, a number, true/false, or 32 bytes of hex) */
  eq?: string;
  /** one of these values */
  oneOf?: string[];
  /** the Safe itself (Roles' `EqualToAvatar`) */
  avatar?: true;
  /** a number at most this */
  lte?: string;
  /** a number at least this */
  gte?: string;
  /** a number counted against this allowance (its name), which it may not exceed */
  allowance?: string;
};

/** A function's conditions: one per argument, in order; trailing arguments left out are unconstrained. */
export type ArgConditions = (ArgCondition | null)[];

const UINT = /^uint(\d*)$/;

/** Whether an argument of `type` is an unsigned number (bounds and allowances apply only to these). */
export const isUintType = (type: string) => UINT.test(type);
const BYTES32 = /^0x[0-9a-fA-F]{64}$/;
/** A whole number that fits a uint256 comparison, as conditions write bounds and values. */
export const NUMBER = /^\d{1,78}$/;
/** Allowance names become bytes32 keys (`encodeKey`): at most 32 bytes. */
export const ALLOWANCE_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/;

export const ArgConditionSchema = z
  .object({
    eq: z.string().max(80).optional(),
    oneOf: z.array(z.string().max(80)).min(1).max(32).optional(),
    avatar: z.literal(true).optional(),
    lte: z.string().regex(NUMBER, 'a whole number').optional(),
    gte: z.string().regex(NUMBER, 'a whole number').optional(),
    allowance: z
      .string()
      .regex(ALLOWANCE_NAME, 'an allowance name: letters, digits, . _ -, at most 32')
      .optional(),
  })
  .strict();

export const ArgConditionsSchema = z.array(ArgConditionSchema.nullable()).max(16);

/** The argument types of a signature (`transfer(address,uint256)` → address, uint256); null when unparsable. */
export function argTypesOf(signature: string): string[] | null {
  const inner = /^[A-Za-z_$][A-Za-z0-9_$]*\((.*)\)$/.exec(signature.trim())?.[1];
  if (inner === undefined) return null;
  if (inner.trim() === '') return [];
  try {
    return parseAbiParameters(inner).map((p) => p.type);
  } catch {
    return null;
  }
}

/** Whether `value` is a value of a static ABI type conditions can compare (address, uint, bool, bytes32). */
function valueProblem(type: string, value: string): string | null {
  if (type === 'address') return isAddress(value, { strict: false }) ? null : 'a 20-byte 0x address';
  if (UINT.test(type)) return NUMBER.test(value) ? null : 'a whole number';
  if (type === 'bool') return value === 'true' || value === 'false' ? null : 'true or false';
  if (type === 'bytes32') return BYTES32.test(value) ? null : '32 bytes of 0x hex';
  return `a type conditions cannot compare (${type})`;
}

/**
 * What is wrong with `conditions` for the function `signature`, one sentence each (empty: fine). Conditions
 * compare static arguments: address, uint, bool and bytes32; `lte`, `gte` and `allowance` only uint.
 */
export function conditionProblems(signature: string, conditions: ArgConditions): string[] {
  const types = argTypesOf(signature);
  if (!types)
    return [`${signature}: conditions need the function's signature, e.g. transfer(address,uint256)`];
  if (conditions.length > types.length)
    return [`${signature}: ${conditions.length} conditions for ${types.length} argument(s)`];
  const problems: string[] = [];
  conditions.forEach((cond, i) => {
    if (!cond) return;
    const type = types[i];
    const where = `${signature} ${argumentName(i, type)}`;
    const exclusive = [cond.eq !== undefined, cond.oneOf !== undefined, cond.avatar === true].filter(Boolean);
    if (exclusive.length > 1) problems.push(`${where}: eq, oneOf and avatar exclude each other`);
    for (const value of [...(cond.eq !== undefined ? [cond.eq] : []), ...(cond.oneOf ?? [])]) {
      const problem = valueProblem(type, value);
      if (problem) problems.push(`${where}: "${value}" is not ${problem}`);
    }
    if (cond.avatar && type !== 'address') problems.push(`${where}: avatar (the Safe) needs an address`);
    const numeric = cond.lte !== undefined || cond.gte !== undefined || cond.allowance !== undefined;
    if (numeric && !UINT.test(type))
      problems.push(`${where}: lte, gte and allowance need an unsigned number`);
    if (cond.lte !== undefined && cond.gte !== undefined && BigInt(cond.gte) > BigInt(cond.lte))
      problems.push(`${where}: gte ${cond.gte} is above lte ${cond.lte}`);
    if (Object.keys(cond).length === 0)
      problems.push(`${where}: an empty condition (write null for any value)`);
  });
  return problems;
}

/** The allowances a call's conditions (per function) spend from, each once. */
export const allowancesNamed = (conditions: Record<string, ArgConditions> | undefined): string[] => [
  ...new Set(Object.values(conditions ?? {}).flatMap(allowancesOf)),
];

/** The allowances one function's argument conditions spend from. */
export const allowancesOf = (conditions: ArgConditions | undefined): string[] =>
  (conditions ?? []).flatMap((a) => (a?.allowance ? [a.allowance] : []));

/** "argument 1 (address)": arguments are counted from 1 in words. */
export const argumentName = (index: number, type?: string) =>
  `argument ${index + 1}${type ? ` (${type})` : ''}`;

/** One argument's condition in words: "one of 0x…, 0x…", "at most 1000 and within allowance "daily"". */
export function argConditionWords(cond: ArgCondition): string {
  const parts: string[] = [];
  if (cond.eq !== undefined) parts.push(`equal to ${cond.eq}`);
  if (cond.oneOf)
    parts.push(cond.oneOf.length === 1 ? `equal to ${cond.oneOf[0]}` : `one of ${cond.oneOf.join(', ')}`);
  if (cond.avatar) parts.push('the Safe itself');
  if (cond.gte !== undefined) parts.push(`at least ${cond.gte}`);
  if (cond.lte !== undefined) parts.push(`at most ${cond.lte}`);
  if (cond.allowance !== undefined) parts.push(`within allowance "${cond.allowance}"`);
  return parts.join(' and ');
}

/** A function's conditions in words: "only when argument 1 (address) is one of …; argument 2 (uint256) is …". */
export function conditionsWords(signature: string | null, conditions: ArgConditions): string {
  const types = signature ? argTypesOf(signature) : null;
  const parts = conditions.flatMap((cond, i) =>
    cond ? [`${argumentName(i, types?.[i])} is ${argConditionWords(cond)}`] : [],
  );
  return parts.length === 0 ? 'with any arguments' : `only when ${parts.join('; ')}`;
}

/** What the role checks on one argument, as read back from chain: a condition, none, or a shape not compared. */
export type RoleArgCondition = ArgCondition | null | 'unknown';

type Values =
  | { kind: 'set'; values: string[] }
  | { kind: 'avatar' }
  | { kind: 'range'; lte?: bigint; gte?: bigint };

/** The values a release's condition admits, for comparison. */
function admitted(cond: ArgCondition | null): Values {
  if (cond?.eq !== undefined) return { kind: 'set', values: [cond.eq] };
  if (cond?.oneOf) return { kind: 'set', values: cond.oneOf };
  if (cond?.avatar) return { kind: 'avatar' };
  return {
    kind: 'range',
    lte: cond?.lte !== undefined ? BigInt(cond.lte) : undefined,
    gte: cond?.gte !== undefined ? BigInt(cond.gte) : undefined,
  };
}

const same = (type: string, a: string, b: string) =>
  UINT.test(type) ? BigInt(a) === BigInt(b) : a.toLowerCase() === b.toLowerCase();

/**
 * Why a release's declared conditions on one function are looser than the role's, one sentence per argument
 * (empty: the role admits every call the release declares). Allowances are not compared (a balance is state:
 * a run past it fails in simulation), nor shapes the role has that Tickwork does not read ('unknown': the chain
 * still checks them). `safe` is the role's avatar, so `avatar` and `eq <the Safe>` compare equal.
 */
export function looserThanRole(
  signature: string,
  declared: ArgConditions,
  role: readonly RoleArgCondition[],
  safe: string,
): string[] {
  const types = argTypesOf(signature) ?? [];
  const reasons: string[] = [];
  for (const [i, granted] of role.entries()) {
    if (granted === null || granted === 'unknown') continue;
    const type = types[i] ?? 'uint256';
    const wanted = declared[i] ?? null;
    if (fitsWithin(type, wanted, granted, safe)) continue;
    const release = wanted ? argConditionWords(wanted) : 'any value';
    reasons.push(
      `${signature} ${argumentName(i, type)}: the release declares ${release}; the role allows ${argConditionWords(granted)}`,
    );
  }
  return reasons;
}

/** Whether every value `wanted` admits passes `granted`'s value checks (set, avatar, bounds). */
function fitsWithin(type: string, wanted: ArgCondition | null, granted: ArgCondition, safe: string): boolean {
  const admits = admitted(wanted);
  const values = admits.kind === 'set' ? admits.values : admits.kind === 'avatar' ? [safe] : null;
  const allowedSet = granted.avatar ? [safe] : granted.eq !== undefined ? [granted.eq] : granted.oneOf;
  if (allowedSet && !values?.every((v) => allowedSet.some((s) => same(type, s, v)))) return false;
  if (granted.lte !== undefined) {
    const max = BigInt(granted.lte);
    const fits = values
      ? values.every((v) => BigInt(v) <= max)
      : admits.kind === 'range' && admits.lte !== undefined && admits.lte <= max;
    if (!fits) return false;
  }
  if (granted.gte !== undefined) {
    const min = BigInt(granted.gte);
    const fits = values
      ? values.every((v) => BigInt(v) >= min)
      : admits.kind === 'range' && admits.gte !== undefined && admits.gte >= min;
    if (!fits) return false;
  }
  return true;
}
