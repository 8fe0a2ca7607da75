// A function's argument conditions as the console's condition editor holds them: one small form per argument
// (what its value must be, and for numbers the bounds and the allowance it spends from), turned into
// permissions.json's conditions and checked as a release's are. Pure and client-safe.
import { getAddress, isAddress } from 'viem';
import {
  type ArgCondition,
  type ArgConditions,
  argTypesOf,
  argumentName,
  conditionProblems,
  isUintType,
  NUMBER,
} from './conditions';

/** What an argument's value must be: anything, one value, one of a list, or the Safe itself (addresses). */
export type ValueMatch = 'any' | 'eq' | 'oneOf' | 'avatar';

/** One argument's form: texts as typed (`values` holds one value, or a list separated by commas or spaces). */
export type ArgForm = { match: ValueMatch; values: string; lte: string; gte: string; allowance: string };

export const ANY_VALUE: ArgForm = { match: 'any', values: '', lte: '', gte: '', allowance: '' };

/** The matches an argument of `type` offers (the Safe itself only for an address). */
export const matchesFor = (type: string): ValueMatch[] =>
  type === 'address' ? ['any', 'eq', 'oneOf', 'avatar'] : ['any', 'eq', 'oneOf'];

/** The form that shows an existing condition (none: any value). */
export function argFormOf(cond: ArgCondition | null | undefined): ArgForm {
  if (!cond) return ANY_VALUE;
  const match: ValueMatch = cond.avatar
    ? 'avatar'
    : cond.oneOf
      ? 'oneOf'
      : cond.eq !== undefined
        ? 'eq'
        : 'any';
  return {
    match,
    values: cond.oneOf ? cond.oneOf.join(', ') : (cond.eq ?? ''),
    lte: cond.lte ?? '',
    gte: cond.gte ?? '',
    allowance: cond.allowance ?? '',
  };
}

/** The forms of every argument of `signature` (its conditions filled in); null when it has no parsable signature. */
export function argFormsOf(
  signature: string | null,
  conditions: ArgConditions | undefined,
): ArgForm[] | null {
  const types = signature ? argTypesOf(signature) : null;
  if (!types) return null;
  return types.map((_, i) => argFormOf(conditions?.[i]));
}

/** An address checksummed (as the rest of the console shows them); any other value as typed. */
const normalized = (type: string, value: string) =>
  type === 'address' && isAddress(value, { strict: false }) ? getAddress(value) : value;

function conditionOf(type: string, form: ArgForm): ArgCondition | null {
  const values = form.values
    .split(/[\s,]+/)
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => normalized(type, v));
  const cond: ArgCondition = {};
  if (form.match === 'eq' && values.length > 0) cond.eq = values[0];
  if (form.match === 'oneOf' && values.length > 0)
    if (values.length === 1) cond.eq = values[0];
    else cond.oneOf = [...new Set(values)];
  if (form.match === 'avatar') cond.avatar = true;
  if (isUintType(type)) {
    if (form.lte.trim()) cond.lte = form.lte.trim();
    if (form.gte.trim()) cond.gte = form.gte.trim();
    if (form.allowance) cond.allowance = form.allowance;
  }
  return Object.keys(cond).length === 0 ? null : cond;
}

/**
 * The conditions the forms say (trailing "any value" arguments left out, as permissions.json writes them), or
 * what is wrong with them, one sentence each, as a release's conditions are checked.
 */
export function conditionsOfForms(
  signature: string,
  forms: readonly ArgForm[],
): { conditions: ArgConditions } | { problems: string[] } {
  const types = argTypesOf(signature) ?? [];
  const problems: string[] = [];
  forms.forEach((form, i) => {
    const where = `${signature} ${argumentName(i, types[i])}`;
    if ((form.match === 'eq' || form.match === 'oneOf') && !form.values.trim())
      problems.push(`${where}: type the value${form.match === 'oneOf' ? 's' : ''} it must be`);
    if (!isUintType(types[i] ?? '')) return;
    for (const [bound, text] of [
      ['at most', form.lte],
      ['at least', form.gte],
    ])
      if (text.trim() && !NUMBER.test(text.trim()))
        problems.push(`${where}: "${text.trim()}" (${bound}) is not a whole number`);
  });
  if (problems.length > 0) return { problems };
  const conditions: ArgConditions = forms.map((form, i) => conditionOf(types[i] ?? '', form));
  while (conditions.length > 0 && conditions[conditions.length - 1] === null) conditions.pop();
  const found = conditionProblems(signature, conditions);
  return found.length > 0 ? { problems: found } : { conditions };
}
