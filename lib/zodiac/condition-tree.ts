// Argument conditions (conditions.ts) as the Zodiac Roles modifier holds them: condition trees built with
// zodiac-roles-sdk's builders (`c.calldataMatches`, `c.eq`, `c.or`, `c.lte`, `c.avatar`, `c.withinAllowance`),
// and read back from the flat lists the modifier's `ScopeFunction` events carry.
import { decodeAbiParameters, type Hex, hexToBigInt } from 'viem';
import { type Condition, c, decodeKey, encodeKey, Operator, ParameterType } from 'zodiac-roles-sdk';
import { type ArgCondition, type ArgConditions, argTypesOf, type RoleArgCondition } from './conditions';

/** An allowance's bytes32 key from its name. */
export const allowanceKey = (name: string): Hex => encodeKey(name);

/** An allowance's name from its key; the hex when it is not a readable name. */
export function allowanceName(key: Hex): string {
  try {
    return decodeKey(key) || key;
  } catch {
    return key;
  }
}

const typedValue = (type: string, text: string) =>
  type === 'bool' ? text === 'true' : type.startsWith('uint') ? BigInt(text) : text;

/** One argument's checks as builder calls (several: and-ed). */
function scopingOf(type: string, cond: ArgCondition) {
  const checks = [];
  if (cond.eq !== undefined) checks.push(c.eq(typedValue(type, cond.eq)));
  if (cond.oneOf)
    checks.push(
      cond.oneOf.length === 1
        ? c.eq(typedValue(type, cond.oneOf[0]))
        : c.or(...(cond.oneOf.map((v) => c.eq(typedValue(type, v))) as [never, never])),
    );
  if (cond.avatar) checks.push(c.avatar);
  if (cond.gte !== undefined) checks.push(c.gte(BigInt(cond.gte)));
  if (cond.lte !== undefined) checks.push(c.lte(BigInt(cond.lte)));
  if (cond.allowance !== undefined) checks.push(c.withinAllowance(allowanceKey(cond.allowance)));
  return checks.length === 1 ? checks[0] : c.and(...(checks as [never, never]));
}

/** The Roles condition for a function's argument conditions (checked with conditions.ts's conditionProblems). */
export function conditionFor(signature: string, conditions: ArgConditions): Condition {
  const types = argTypesOf(signature);
  if (!types) throw new Error(`not a function signature: ${signature}`);
  const scopings = conditions.map((cond, i) => (cond ? scopingOf(types[i], cond) : undefined));
  return c.calldataMatches(scopings as never, types)();
}

type FlatCondition = { parent: number; paramType: number; operator: number; compValue: Hex };

/** A `ScopeFunction` event's flat conditions (breadth first, each naming its parent's index) as a tree. */
export function unflattenCondition(flat: readonly FlatCondition[]): Condition | undefined {
  if (flat.length === 0) return undefined;
  const nodes: Condition[] = flat.map((f) => ({
    paramType: f.paramType as ParameterType,
    operator: f.operator as Operator,
    ...(f.compValue && f.compValue !== '0x' && { compValue: f.compValue }),
  }));
  flat.forEach((f, i) => {
    if (i === 0) return;
    const parent = nodes[f.parent] as Condition & { children?: Condition[] };
    parent.children = [...(parent.children ?? []), nodes[i]];
  });
  return nodes[0];
}

function decodeValue(type: string, compValue: Hex): string {
  if (type === 'address') return decodeAbiParameters([{ type: 'address' }], compValue)[0];
  if (type.startsWith('uint')) return hexToBigInt(compValue).toString();
  if (type === 'bool') return hexToBigInt(compValue) === 1n ? 'true' : 'false';
  return compValue;
}

/** One argument's node as a condition; 'unknown' for a shape Tickwork does not compare. */
function argOf(type: string, node: Condition): RoleArgCondition {
  const cv = node.compValue as Hex | undefined;
  switch (node.operator) {
    case Operator.Pass:
      return null;
    case Operator.EqualTo:
      return cv && node.paramType === ParameterType.Static ? { eq: decodeValue(type, cv) } : 'unknown';
    case Operator.EqualToAvatar:
      return { avatar: true };
    case Operator.LessThan:
      return cv ? { lte: (hexToBigInt(cv) - 1n).toString() } : 'unknown';
    case Operator.GreaterThan:
      return cv ? { gte: (hexToBigInt(cv) + 1n).toString() } : 'unknown';
    case Operator.WithinAllowance:
      return cv ? { allowance: allowanceName(cv) } : 'unknown';
    case Operator.Or: {
      const values = (node.children ?? []).map((child) => argOf(type, child));
      if (values.every((v) => v !== null && v !== 'unknown' && v.eq !== undefined))
        return { oneOf: values.map((v) => (v as ArgCondition).eq as string) };
      return 'unknown';
    }
    case Operator.And: {
      const merged: ArgCondition = {};
      for (const child of node.children ?? []) {
        const part = argOf(type, child);
        if (part === 'unknown') return 'unknown';
        if (part) Object.assign(merged, part);
      }
      return Object.keys(merged).length === 0 ? null : merged;
    }
    default:
      return 'unknown';
  }
}

/**
 * A function's Roles condition as one condition per argument of `signature` (null: any value), or null when
 * the condition is not a plain match over the call's arguments (then no argument is compared).
 */
export function argsOfCondition(signature: string, condition: Condition): RoleArgCondition[] | null {
  const types = argTypesOf(signature);
  if (!types || condition.operator !== Operator.Matches || condition.paramType !== ParameterType.Calldata)
    return null;
  const children = condition.children ?? [];
  if (children.length > types.length) return null;
  return types.map((type, i) => (children[i] ? argOf(type, children[i]) : null));
}

/** The allowance names a condition tree counts spending against (its `WithinAllowance` nodes). */
export function allowancesIn(condition: Condition | undefined): string[] {
  if (!condition) return [];
  const own =
    condition.operator === Operator.WithinAllowance && condition.compValue
      ? [allowanceName(condition.compValue as Hex)]
      : [];
  return [...own, ...(condition.children ?? []).flatMap(allowancesIn)];
}

/** A condition tree with its fields in one order and no empty ones: two that mean the same compare equal. */
export function canonicalCondition(condition: Condition): Condition {
  return {
    paramType: condition.paramType,
    operator: condition.operator,
    ...(condition.compValue &&
      condition.compValue !== '0x' && { compValue: condition.compValue.toLowerCase() as Hex }),
    ...(condition.children?.length && { children: condition.children.map(canonicalCondition) }),
  };
}

type NamedCondition = { paramType: string; operator: string; compValue?: Hex; children?: NamedCondition[] };

const named = (condition: Condition): NamedCondition => ({
  paramType: ParameterType[condition.paramType] ?? String(condition.paramType),
  operator: Operator[condition.operator] ?? String(condition.operator),
  ...(condition.compValue && { compValue: condition.compValue }),
  ...(condition.children?.length && { children: condition.children.map(named) }),
});

/**
 * A condition tree as the Roles modifier checks it, its parameter types and operators by name (`Calldata`,
 * `Matches`, `EqualTo`, `WithinAllowance`…) and its values as encoded: the raw view beside the words.
 */
export const conditionJson = (condition: Condition): string => JSON.stringify(named(condition), null, 2);
