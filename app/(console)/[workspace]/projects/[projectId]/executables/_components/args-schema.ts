import type { JsonObject } from '@/lib/runtime/task-types';
import { pointerOf } from './args-values';

export type ScalarKind = 'string' | 'number' | 'integer' | 'boolean';
export type EnumValue = string | number | boolean;

/** What one value of the form holds: a typed input (address-checked or not) or a choice among the enum. */
export type ValueInput = { kind: ScalarKind; address: boolean } | { kind: 'enum'; options: EnumValue[] };

type FieldBase = {
  /** The property's name in its object. */
  name: string;
  /** JSON pointer of the value in the args object, as ajv's `instancePath` names it: `/vault/owner`. */
  path: string;
  label: string;
  required: boolean;
  description?: string;
  default?: unknown;
};

/** One field of the args form: a value, a list of values, or a group of fields (a nested object). */
export type ArgsField =
  | (FieldBase & ValueInput)
  | (FieldBase & { kind: 'array'; item: ValueInput })
  | (FieldBase & { kind: 'object'; fields: ArgsField[] });

/** The form of an args schema, or why the JSON editor has to show it instead. */
export type ArgsFormPlan = { ok: true; fields: ArgsField[] } | { ok: false; reason: string };

/** Keywords that only describe a value, or that ajv checks without the form having to show anything. */
const ANNOTATIONS = ['title', 'description', 'default', 'examples', '$comment', 'deprecated', 'readOnly'];
const CHECKS: Record<string, string[]> = {
  string: ['format', 'pattern', 'minLength', 'maxLength'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  boolean: [],
  enum: ['enum'],
  array: ['items', 'minItems', 'maxItems', 'uniqueItems'],
  object: ['properties', 'required', 'additionalProperties', 'minProperties', 'maxProperties'],
};
const ROOT_ONLY = ['$schema', '$id'];
const ANY_KNOWN = new Set(['type', ...ANNOTATIONS, ...ROOT_ONLY, ...Object.values(CHECKS).flat()]);

const SAMPLE_ADDRESS = `0x${'ab'.repeat(20)}`;

/**
 * Whether a `pattern` describes an EVM address: it takes `0x` and 40 hex digits (lower case) and refuses 39 or
 * 41 digits and a missing `0x`, however it is spelled (`[0-9a-fA-F]`, `[a-fA-F0-9]`, `[[:xdigit:]]`-free…).
 */
export function isAddressPattern(pattern: string): boolean {
  let re: RegExp;
  try {
    re = new RegExp(pattern, 'u');
  } catch {
    return false;
  }
  return (
    re.test(SAMPLE_ADDRESS) &&
    !re.test(SAMPLE_ADDRESS.slice(0, -1)) &&
    !re.test(`${SAMPLE_ADDRESS}a`) &&
    !re.test(SAMPLE_ADDRESS.slice(2))
  );
}

type Node = Record<string, unknown>;
const isNode = (v: unknown): v is Node => typeof v === 'object' && v !== null && !Array.isArray(v);
class Unsupported extends Error {}

/** The kind a schema node declares: its `type`, else `enum`, else `object` when it lists properties. */
function kindOf(node: Node, at: string): string {
  const unknown = Object.keys(node).find((k) => !ANY_KNOWN.has(k));
  if (unknown) throw new Unsupported(`\`${unknown}\` (at ${at || 'the root'})`);
  if (Array.isArray(node.enum)) {
    if (!node.enum.every((v) => ['string', 'number', 'boolean'].includes(typeof v)))
      throw new Unsupported(`an enum of other than strings, numbers and booleans (at ${at || 'the root'})`);
    return 'enum';
  }
  if (typeof node.type === 'string' && node.type in CHECKS && node.type !== 'enum') return node.type;
  if (node.type === undefined && isNode(node.properties)) return 'object';
  throw new Unsupported(
    node.type === undefined
      ? `a value without a type (at ${at || 'the root'})`
      : `the type ${JSON.stringify(node.type)} (at ${at || 'the root'})`,
  );
}

/** Refuses any keyword the form does not know, naming the first. */
function checkKeywords(node: Node, kind: string, at: string, root: boolean) {
  const known = [...ANNOTATIONS, ...CHECKS[kind], 'type', ...(root ? ROOT_ONLY : [])];
  const unknown = Object.keys(node).find((k) => !known.includes(k));
  if (unknown) throw new Unsupported(`\`${unknown}\` (at ${at || 'the root'})`);
}

function valueInput(node: Node, kind: string, at: string): ValueInput {
  if (kind === 'enum') return { kind: 'enum', options: node.enum as EnumValue[] };
  if (kind === 'string' || kind === 'number' || kind === 'integer' || kind === 'boolean')
    return {
      kind,
      address:
        kind === 'string' &&
        (node.format === 'address' || (typeof node.pattern === 'string' && isAddressPattern(node.pattern))),
    };
  throw new Unsupported(`a list of ${kind === 'array' ? 'lists' : 'objects'} (at ${at})`);
}

function fieldsOf(node: Node, at: string, root = false): ArgsField[] {
  checkKeywords(node, 'object', at, root);
  const properties = isNode(node.properties) ? node.properties : {};
  const required = Array.isArray(node.required) ? node.required : [];
  return Object.entries(properties).map(([name, child]) => {
    const path = `${at}${pointerOf([name])}`;
    if (!isNode(child)) throw new Unsupported(`a property that is not a schema object (at ${path})`);
    const kind = kindOf(child, path);
    const base: FieldBase = {
      name,
      path,
      label: typeof child.title === 'string' ? child.title : name,
      required: required.includes(name),
      description: typeof child.description === 'string' ? child.description : undefined,
      default: child.default,
    };
    if (kind === 'object') return { ...base, kind, fields: fieldsOf(child, path) };
    checkKeywords(child, kind, path, false);
    if (kind !== 'array') return { ...base, ...valueInput(child, kind, path) };
    const items = child.items;
    if (!isNode(items)) throw new Unsupported(`a list without one items schema (at ${path})`);
    const itemKind = kindOf(items, `${path}/items`);
    checkKeywords(items, itemKind, `${path}/items`, false);
    return { ...base, kind, item: valueInput(items, itemKind, `${path}/items`) };
  });
}

/**
 * The args form of a release's args JSON Schema (its text): one field per property, nested objects as groups.
 * Anything the form cannot show faithfully (`$ref`, `anyOf`, a list of objects, a type union…) gives the
 * reason instead, and the JSON editor is used.
 */
export function argsFormOf(schemaText: string): ArgsFormPlan {
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText);
  } catch {
    return { ok: false, reason: 'the schema is not valid JSON' };
  }
  if (!isNode(schema)) return { ok: false, reason: 'the schema is not an object' };
  try {
    if (kindOf(schema, '') !== 'object')
      return { ok: false, reason: 'the schema does not describe an object' };
    const fields = fieldsOf(schema, '', true);
    if (fields.length === 0) return { ok: false, reason: 'the schema declares no properties' };
    return { ok: true, fields };
  } catch (error) {
    if (error instanceof Unsupported) return { ok: false, reason: `the form does not show ${error.message}` };
    throw error;
  }
}

/**
 * The args a new executable starts with: every declared default, a required group with its own defaults
 * inside, and `false` for a required checkbox (an unticked box shows false, so the args say so).
 */
export function defaultArgsOf(fields: ArgsField[]): JsonObject {
  const args: JsonObject = {};
  for (const field of fields) {
    if (field.default !== undefined) args[field.name] = field.default;
    else if (field.kind === 'object') {
      const inner = defaultArgsOf(field.fields);
      if (field.required || Object.keys(inner).length > 0) args[field.name] = inner;
    } else if (field.kind === 'boolean' && field.required) args[field.name] = false;
  }
  return args;
}

/**
 * The args text a new executable of a release starts with: the release's default args (a Gelato
 * `userArgs.json`), else its schema's defaults (defaultArgsOf), else `{}`.
 */
export function startingArgsOf(release: { schema: string | null; defaultArgs: string | null } | undefined) {
  if (release?.defaultArgs) {
    try {
      return JSON.stringify(JSON.parse(release.defaultArgs), null, 2);
    } catch {
      return release.defaultArgs;
    }
  }
  const plan = release?.schema ? argsFormOf(release.schema) : null;
  return plan?.ok ? JSON.stringify(defaultArgsOf(plan.fields), null, 2) : '{}';
}
