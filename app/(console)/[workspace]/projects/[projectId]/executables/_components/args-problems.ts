import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import { isAddress } from 'viem';
import { plural } from '@/lib/plural';
import { isAddressPattern } from './args-schema';
import { pointerOf } from './args-values';

/** One thing wrong with the args, in words; `path` is the JSON pointer of the value ('' = the args as a whole). */
export type ArgsProblem = { path: string; message: string };

export const NOT_AN_ADDRESS = 'Not an address (0x followed by 40 hex digits)';

const TYPE_WORDS: Record<string, string> = {
  number: 'Enter a number',
  integer: 'Enter a whole number',
  string: 'Enter text',
  boolean: 'Choose true or false',
  array: 'Enter a list',
  object: 'Enter a group of values (an object)',
};

const listed = (values: unknown) =>
  Array.isArray(values) ? values.map((v) => JSON.stringify(v)).join(', ') : '';
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** An ajv error as a problem of the value it is about: a missing property is its own field's "Required". */
export function problemOfAjvError(error: ErrorObject): ArgsProblem {
  const p = error.params as Record<string, unknown>;
  const at = error.instancePath;
  switch (error.keyword) {
    case 'required':
      return { path: `${at}${pointerOf([String(p.missingProperty)])}`, message: 'Required' };
    case 'type':
      return { path: at, message: TYPE_WORDS[String(p.type)] ?? `Must be ${p.type}` };
    case 'enum':
      return { path: at, message: `Choose one of ${listed(p.allowedValues)}` };
    case 'const':
      return { path: at, message: `Must be ${JSON.stringify(p.allowedValue)}` };
    case 'pattern':
      return {
        path: at,
        message: isAddressPattern(String(p.pattern))
          ? NOT_AN_ADDRESS
          : `Does not match the pattern ${p.pattern}`,
      };
    case 'format':
      return { path: at, message: p.format === 'address' ? NOT_AN_ADDRESS : `Not a valid ${p.format}` };
    case 'minimum':
      return { path: at, message: `At least ${p.limit}` };
    case 'maximum':
      return { path: at, message: `At most ${p.limit}` };
    case 'exclusiveMinimum':
      return { path: at, message: `More than ${p.limit}` };
    case 'exclusiveMaximum':
      return { path: at, message: `Less than ${p.limit}` };
    case 'multipleOf':
      return { path: at, message: `A multiple of ${p.multipleOf}` };
    case 'minLength':
      return { path: at, message: `At least ${plural(Number(p.limit), 'character')}` };
    case 'maxLength':
      return { path: at, message: `At most ${plural(Number(p.limit), 'character')}` };
    case 'minItems':
      return { path: at, message: `At least ${plural(Number(p.limit), 'item')}` };
    case 'maxItems':
      return { path: at, message: `At most ${plural(Number(p.limit), 'item')}` };
    case 'uniqueItems':
      return { path: at, message: `Items ${Number(p.j) + 1} and ${Number(p.i) + 1} are the same` };
    case 'additionalProperties':
      return { path: at, message: `“${p.additionalProperty}” is not an arg the schema declares` };
    default:
      return { path: at, message: sentence(error.message ?? 'is not valid') };
  }
}

/** Compiled args schemas by their text: the form checks on every change. */
const validators = new Map<string, ValidateFunction | null>();

function validatorOf(schema: string): ValidateFunction | null {
  if (!validators.has(schema)) {
    if (validators.size >= 32) validators.clear();
    try {
      const ajv = new Ajv({ allErrors: true, strict: false, logger: false });
      // `format: "address"` is the form's own word for an address (the server's ajv ignores unknown formats).
      ajv.addFormat('address', { type: 'string', validate: (s: string) => isAddress(s, { strict: false }) });
      validators.set(schema, ajv.compile(JSON.parse(schema)));
    } catch {
      validators.set(schema, null); // a schema ajv cannot compile here is the server's to judge
    }
  }
  return validators.get(schema) ?? null;
}

/**
 * What is wrong with an args text: not JSON, not an object, or (when the release has an args JSON schema) the
 * schema's findings in words, each at the value it is about. Empty: fine.
 */
export function argsProblems(args: string, schema: string | null): ArgsProblem[] {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch (error) {
    return [{ path: '', message: `Not valid JSON: ${(error as Error).message}` }];
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return [{ path: '', message: 'Args must be a JSON object.' }];
  const validate = schema ? validatorOf(schema) : null;
  if (!validate || validate(value)) return [];
  return (validate.errors ?? []).map(problemOfAjvError);
}

/**
 * Sorts problems onto the form's fields: each goes to the deepest field at or above its path (an item of a list
 * is said with its number: "Item 2: Enter a number"); what no field holds is left for the form as a whole.
 */
export function problemsByField(
  problems: ArgsProblem[],
  fieldPaths: string[],
): { byField: Map<string, string[]>; rest: ArgsProblem[] } {
  const byField = new Map<string, string[]>();
  const rest: ArgsProblem[] = [];
  for (const problem of problems) {
    const owner = fieldPaths
      .filter((f) => problem.path === f || problem.path.startsWith(`${f}/`))
      .sort((a, b) => b.length - a.length)[0];
    if (owner === undefined) {
      rest.push(problem);
      continue;
    }
    const item = problem.path.slice(owner.length + 1).split('/')[0];
    const message = /^\d+$/.test(item) ? `Item ${Number(item) + 1}: ${problem.message}` : problem.message;
    byField.set(owner, [...(byField.get(owner) ?? []), message]);
  }
  return { byField, rest };
}

/** A problem as one line of the JSON editor's list: "vault/owner: Required". */
export const problemLine = (problem: ArgsProblem) =>
  problem.path ? `${problem.path.slice(1)}: ${problem.message}` : problem.message;
