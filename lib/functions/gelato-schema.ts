import { z } from 'zod';
import { DEFAULT_TASK_LIMITS } from '@/lib/runtime/task-runner/limits';

// A Gelato Web3 Function's `schema.json` and `userArgs.json` (docs/migrating.md, "From Gelato Web3 Functions"):
// checked by `tickwork bundle` and again at upload, where they become the release's args JSON Schema, run
// limits and default args. Shared by the CLI and the server; no Node built-ins.

const USER_ARG_TYPES = ['string', 'number', 'boolean', 'string[]', 'number[]', 'boolean[]'] as const;
export type GelatoUserArgType = (typeof USER_ARG_TYPES)[number];

export const GelatoSchema = z.object({
  web3FunctionVersion: z.enum(['1.0.0', '2.0.0']),
  runtime: z.string().regex(/^js-/, 'a js-… runtime such as "js-1.0"'),
  /** MB. Gelato offers 128, 256 and 512. */
  memory: z.number().int().positive(),
  /** Seconds. Gelato allows 5 to 300. */
  timeout: z.number().positive(),
  userArgs: z.record(z.string().regex(/^[\w-]+$/, 'letters, digits, _ and -'), z.enum(USER_ARG_TYPES)),
  executionMode: z.enum(['sequential', 'parallel']).optional(),
  eventRetryInterval: z.number().optional(),
  eventRetryTtl: z.number().optional(),
});
export type GelatoSchema = z.infer<typeof GelatoSchema>;

export type GelatoIssue = { path: string; message: string };

/** The issues as one line for a message: `path: message; …`. */
export const describeGelatoIssues = (issues: GelatoIssue[]) =>
  issues.map((i) => `${i.path}: ${i.message}`).join('; ');

const issuesOf = (error: z.ZodError): GelatoIssue[] =>
  error.issues.map((i) => ({ path: i.path.join('.') || '(root)', message: i.message }));

/** The parsed schema, or the reasons it is not one. */
export function parseGelatoSchema(
  text: string,
): { ok: true; schema: GelatoSchema } | { ok: false; issues: GelatoIssue[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: '(root)', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = GelatoSchema.safeParse(json);
  return parsed.success ? { ok: true, schema: parsed.data } : { ok: false, issues: issuesOf(parsed.error) };
}

/**
 * Whether a JSON value is written as Gelato's `schema.json` (it names `web3FunctionVersion`) rather than as a
 * JSON Schema: ajv would take it as a schema that validates nothing, so it is converted (or refused) instead.
 */
export const isGelatoSchemaJson = (json: unknown) =>
  typeof json === 'object' && json !== null && !Array.isArray(json) && 'web3FunctionVersion' in json;

const jsonType = (type: GelatoUserArgType) => {
  const item = type.replace('[]', '');
  return type.endsWith('[]') ? { type: 'array', items: { type: item } } : { type: item };
};

/**
 * The args JSON Schema of a Gelato `userArgs` map: every declared key required with its type (`number` is any
 * JSON number, `string[]` an array of strings…), and no other keys.
 */
export function gelatoArgsSchema(schema: GelatoSchema): Record<string, unknown> {
  const names = Object.keys(schema.userArgs);
  return {
    type: 'object',
    properties: Object.fromEntries(names.map((name) => [name, jsonType(schema.userArgs[name])])),
    required: names,
    additionalProperties: false,
  };
}

export type ReleaseLimits = { timeoutMs?: number; memoryMb?: number };

/**
 * `memory` (MB) and `timeout` (s) as release limits, never above the platform's (DEFAULT_TASK_LIMITS): a
 * release may ask for less memory or a shorter wall time, not more.
 */
export function gelatoLimits(schema: GelatoSchema): ReleaseLimits {
  return {
    memoryMb: Math.min(schema.memory, DEFAULT_TASK_LIMITS.memoryMb),
    timeoutMs: Math.min(Math.round(schema.timeout * 1000), DEFAULT_TASK_LIMITS.timeoutMs),
  };
}

const matches = (type: GelatoUserArgType, value: unknown): boolean => {
  if (type.endsWith('[]')) {
    const item = type.slice(0, -2) as GelatoUserArgType;
    return Array.isArray(value) && value.every((v) => matches(item, v));
  }
  return type === 'number' ? typeof value === 'number' && Number.isFinite(value) : typeof value === type;
};

/** A `userArgs.json` read against schema.json: the args to use, or why the file does not fit. */
export type GelatoUserArgs =
  | {
      ok: true;
      /** The declared keys' values (every key when there is no schema.json). */
      args: Record<string, unknown>;
      /** Keys schema.json does not declare: Gelato ignores them (they never reach a deployed task), so do we. */
      ignored: string[];
    }
  | { ok: false; issues: GelatoIssue[] };

/** Reads a `userArgs.json` text: a JSON object holding each declared key with its declared type. */
export function readGelatoUserArgs(text: string, schema: GelatoSchema | null): GelatoUserArgs {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      ok: false,
      issues: [{ path: '(root)', message: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json))
    return {
      ok: false,
      issues: [{ path: '(root)', message: 'must be a JSON object of arg names to values' }],
    };
  const values = json as Record<string, unknown>;
  if (!schema) return { ok: true, args: values, ignored: [] };
  const issues: GelatoIssue[] = [];
  for (const [name, type] of Object.entries(schema.userArgs)) {
    if (!Object.hasOwn(values, name))
      issues.push({ path: name, message: `missing (schema.json declares it as ${type})` });
    else if (!matches(type, values[name])) issues.push({ path: name, message: `must be a ${type}` });
  }
  if (issues.length > 0) return { ok: false, issues };
  const declared = (name: string) => Object.hasOwn(schema.userArgs, name);
  return {
    ok: true,
    args: Object.fromEntries(Object.entries(values).filter(([name]) => declared(name))),
    ignored: Object.keys(values).filter((name) => !declared(name)),
  };
}
