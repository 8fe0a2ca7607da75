import Ajv from 'ajv';
import { apiError } from '@/lib/api/errors';
import { convertGelatoSchema } from './gelato-release';
import { isGelatoSchemaJson, type ReleaseLimits } from './gelato-schema';

/**
 * The args schema `data.schema` gives the release, and its limits. A JSON Schema must be one ajv can compile
 * (limits: none of its own). Gelato's own `schema.json` format (it has `web3FunctionVersion`) is converted as
 * the ZIP's schema.json is: its userArgs become the args schema and its memory/timeout the limits. Each check
 * gets its own Ajv instance: a shared one keeps every compiled schema, so a second upload reusing an `$id`
 * failed ("already exists") and one tenant's `$id` could be `$ref`erenced from another tenant's schema.
 */
export function readGivenSchema(
  schema: string | undefined,
): { argsSchema: string; limits: ReleaseLimits | null } | null {
  if (schema === undefined) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(schema);
  } catch {
    throw apiError('invalid_schema', 'schema is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw apiError('invalid_schema', 'schema must be a JSON Schema object');
  }
  if (isGelatoSchemaJson(parsed)) {
    const { argsSchema, limits } = convertGelatoSchema(
      schema,
      "schema (Gelato's schema.json format, it has web3FunctionVersion)",
    );
    return { argsSchema, limits };
  }
  try {
    new Ajv({ strict: false, allErrors: true }).compile(parsed as object);
  } catch (error) {
    throw apiError('invalid_schema', `schema does not compile: ${(error as Error).message}`);
  }
  return { argsSchema: schema, limits: null };
}
