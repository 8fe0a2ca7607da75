import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  gelatoArgsSchema,
  gelatoLimits,
  parseGelatoSchema,
  type ReleaseLimits,
} from '@/lib/functions/gelato-schema';

/**
 * What a Gelato Web3 Function's folder gives `tickwork test` when no flag says otherwise, as the upload would
 * give the release: userArgs.json as the args file, the args schema converted from schema.json, its limits.
 * The bundler has already checked both files.
 */
export function gelatoTestInputs(dir: string): {
  argsFile: string | undefined;
  schema: { file: string; text: string } | null;
  limits: ReleaseLimits | null;
} {
  const argsFile = path.join(dir, 'userArgs.json');
  const schemaFile = path.join(dir, 'schema.json');
  const parsed = existsSync(schemaFile) ? parseGelatoSchema(readFileSync(schemaFile, 'utf8')) : null;
  const schema = parsed?.ok ? parsed.schema : null;
  return {
    argsFile: existsSync(argsFile) ? argsFile : undefined,
    schema: schema ? { file: schemaFile, text: JSON.stringify(gelatoArgsSchema(schema)) } : null,
    limits: schema ? gelatoLimits(schema) : null,
  };
}
