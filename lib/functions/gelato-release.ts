import { apiError } from '@/lib/api/errors';
import {
  type GelatoIssue,
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

const issueText = (issues: GelatoIssue[]) => issues.map((i) => `${i.path}: ${i.message}`).join('; ');

/**
 * What a release ZIP's Gelato files give the release (docs/migrating.md): `schema.json` → args JSON Schema and
 * limits, `userArgs.json` → default args (its keys schema.json declares; Gelato ignores the others). A ZIP
 * without them gives nulls. Bad files are 400s.
 */
export function gelatoReleaseFields(files: Map<string, Buffer>): GelatoReleaseFields {
  const schemaBytes = files.get('schema.json');
  const argsBytes = files.get('userArgs.json');
  let fields: GelatoReleaseFields = { argsSchema: null, limits: null, defaultArgs: null };
  let schema = null;
  if (schemaBytes) {
    const parsed = parseGelatoSchema(schemaBytes.toString('utf8'));
    if (!parsed.ok)
      throw apiError(
        'invalid_gelato_schema',
        `schema.json is not a Gelato Web3 Function schema: ${issueText(parsed.issues)}`,
        { details: parsed.issues },
      );
    schema = parsed.schema;
    fields = {
      ...fields,
      argsSchema: JSON.stringify(gelatoArgsSchema(schema)),
      limits: gelatoLimits(schema),
    };
  }
  if (argsBytes) {
    const read = readGelatoUserArgs(argsBytes.toString('utf8'), schema);
    if (!read.ok)
      throw apiError('invalid_gelato_user_args', `userArgs.json: ${issueText(read.issues)}`, {
        details: read.issues,
      });
    fields = { ...fields, defaultArgs: JSON.stringify(read.args) };
  }
  return fields;
}
