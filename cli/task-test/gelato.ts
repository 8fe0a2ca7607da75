import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  gelatoArgsSchema,
  gelatoLimits,
  parseGelatoSchema,
  type ReleaseLimits,
  readGelatoUserArgs,
} from '@/lib/functions/gelato-schema';
import type { JsonObject } from '@/lib/runtime/task-types';
import { GELATO_STORAGE_KEY } from '@/sdk/compat/gelato/context';
import { readJsonObject } from './inputs';

/**
 * What a Gelato Web3 Function's folder gives `tickwork test` when no flag says otherwise, as the upload would
 * give the release: userArgs.json as the args (its declared keys), the args schema converted from schema.json, its limits; and
 * as Gelato's `w3f test` reads them, storage.json as the storage before the run and log.json as the triggering
 * log of an event-triggered function. The bundler has already checked schema.json and userArgs.json.
 */
export function gelatoTestInputs(dir: string): {
  /** userArgs.json's declared keys; undefined without the file. */
  args: JsonObject | undefined;
  /** storage.json's strings, where the executable's storage keeps a Gelato task's (`{ gelato: {…} }`). */
  storage: JsonObject | null;
  logFile: string | undefined;
  schema: { file: string; text: string } | null;
  limits: ReleaseLimits | null;
} {
  const argsFile = path.join(dir, 'userArgs.json');
  const storageFile = path.join(dir, 'storage.json');
  const logFile = path.join(dir, 'log.json');
  const schemaFile = path.join(dir, 'schema.json');
  const parsed = existsSync(schemaFile) ? parseGelatoSchema(readFileSync(schemaFile, 'utf8')) : null;
  const schema = parsed?.ok ? parsed.schema : null;
  const userArgs = existsSync(argsFile) ? readGelatoUserArgs(readFileSync(argsFile, 'utf8'), schema) : null;
  return {
    args: userArgs?.ok ? (userArgs.args as JsonObject) : undefined,
    storage: existsSync(storageFile)
      ? { [GELATO_STORAGE_KEY]: readJsonObject(storageFile, 'storage') }
      : null,
    logFile: existsSync(logFile) ? logFile : undefined,
    schema: schema ? { file: schemaFile, text: JSON.stringify(gelatoArgsSchema(schema)) } : null,
    limits: schema ? gelatoLimits(schema) : null,
  };
}
