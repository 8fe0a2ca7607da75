import { apiError } from '@/lib/api/errors';
import {
  describeGelatoIssues,
  type GelatoSchema,
  gelatoArgsSchema,
  gelatoLimits,
  parseGelatoSchema,
  type ReleaseLimits,
  readGelatoUserArgs,
} from './gelato-schema';

export type GelatoReleaseFields = {
  /** The args JSON Schema converted from schema.json userArgs (JSON text), or null without a schema.json. */
  argsSchema: string | null;
  limits: ReleaseLimits | null;
  defaultArgs: string | null;
};

/** A Gelato schema.json as the release's args JSON Schema (text) and limits; a 400 when it is not one. */
export function convertGelatoSchema(
  text: string,
  source: string,
): { schema: GelatoSchema; argsSchema: string; limits: ReleaseLimits } {
  const parsed = parseGelatoSchema(text);
  if (!parsed.ok)
    throw apiError(
      'invalid_gelato_schema',
      `${source} is not a Gelato Web3 Function schema: ${describeGelatoIssues(parsed.issues)}`,
      { details: parsed.issues },
    );
  return {
    schema: parsed.schema,
    argsSchema: JSON.stringify(gelatoArgsSchema(parsed.schema)),
    limits: gelatoLimits(parsed.schema),
  };
}

/**
 * What a release ZIP's Gelato files give the release (docs/migrating.md): `schema.json` → args JSON Schema and
 * limits, `userArgs.json` → default args (its keys schema.json declares; Gelato ignores the others). A ZIP
 * without them gives nulls. Bad files are 400s.
 */
export function gelatoReleaseFields(files: Map<string, Buffer>): GelatoReleaseFields {
  const schemaBytes = files.get('schema.json');
  const argsBytes = files.get('userArgs.json');
  let fields: GelatoReleaseFields = { argsSchema: null, limits: null, defaultArgs: null };
  let schema: GelatoSchema | null = null;
  if (schemaBytes) {
    const converted = convertGelatoSchema(schemaBytes.toString('utf8'), 'schema.json');
    schema = converted.schema;
    fields = { ...fields, argsSchema: converted.argsSchema, limits: converted.limits };
  }
  if (argsBytes) {
    const read = readGelatoUserArgs(argsBytes.toString('utf8'), schema);
    if (!read.ok)
      throw apiError('invalid_gelato_user_args', `userArgs.json: ${describeGelatoIssues(read.issues)}`, {
        details: read.issues,
      });
    fields = { ...fields, defaultArgs: JSON.stringify(read.args) };
  }
  return fields;
}
