import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { ApiError } from '@/lib/api/errors';
import {
  describeGelatoIssues,
  gelatoArgsSchema,
  isGelatoSchemaJson,
  parseGelatoSchema,
} from '@/lib/functions/gelato-schema';
import type { JsonObject } from '@/lib/runtime/task-types';
import { ENV_KEY_RULE, isEnvKey } from '@/lib/secrets/env-key';
import { checkCustomArgs } from '@/lib/webhooks/args';
import { CliError, userPath } from '../output';

// What `tickwork test` hands the task: args, storage and secrets, read from files and flags.

/** A file that must hold one JSON object (args, storage). */
export function readJsonObject(file: string, what: string): JsonObject {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new CliError(`${what} ${file}: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new CliError(`${what} ${file} must hold a JSON object`);
  return parsed as JsonObject;
}

/** `key=value`: the value is JSON when it parses as JSON (`5`, `true`, `[1]`, `"0x1"`), else the text itself. */
function argFlag(flag: string): [string, unknown] {
  const at = flag.indexOf('=');
  if (at <= 0) throw new CliError(`--arg ${flag}: expected key=value`);
  const text = flag.slice(at + 1);
  try {
    return [flag.slice(0, at), JSON.parse(text)];
  } catch {
    return [flag.slice(0, at), text];
  }
}

/** The args: `--args <file>` (or args already read) first, then each `--arg key=value` over them. */
export function readArgs(from: string | JsonObject | undefined, flags: string[] = []): JsonObject {
  const args: JsonObject =
    typeof from === 'string' ? readJsonObject(userPath(from), 'args') : { ...(from ?? {}) };
  for (const flag of flags) {
    const [key, value] = argFlag(flag);
    args[key] = value;
  }
  return args;
}

/**
 * The args schema: `--schema <file>`, else the folder's `schema.json` (the examples' convention, what
 * `upload --schema` sends). Null when there is none. A file in Gelato's schema.json format describes the
 * function, not its args: `--schema` converts it as the upload does; the folder's own is left to the Gelato
 * inputs (task-test/gelato.ts).
 */
export function readArgsSchema(dir: string, file: string | undefined): { file: string; text: string } | null {
  const chosen = file ? userPath(file) : path.join(dir, 'schema.json');
  if (!file && !existsSync(chosen)) return null;
  const schema = readJsonObject(chosen, 'schema');
  if (!isGelatoSchemaJson(schema)) return { file: chosen, text: JSON.stringify(schema) };
  if (!file) return null;
  const parsed = parseGelatoSchema(JSON.stringify(schema));
  if (!parsed.ok)
    throw new CliError(
      `${chosen} is in Gelato's schema.json format but not a valid one: ${describeGelatoIssues(parsed.issues)}`,
      { code: 'invalid_gelato_schema', details: parsed.issues },
    );
  return { file: chosen, text: JSON.stringify(gelatoArgsSchema(parsed.schema)) };
}

/** Checks the args against the schema as the server checks custom args (ajv, every finding listed). */
export function checkArgs(schema: { file: string; text: string }, args: JsonObject) {
  try {
    checkCustomArgs({ id: `local:${schema.file}:${schema.text}`, argsSchema: schema.text }, args);
  } catch (error) {
    if (error instanceof ApiError) {
      throw new CliError(`${error.message} (${schema.file})`, { code: error.code, ...error.extra });
    }
    throw new CliError(`schema ${schema.file} does not compile: ${(error as Error).message}`, {
      code: 'invalid_schema',
    });
  }
}

/** The secrets: `--env <file>`, else the folder's `.env`; none when neither exists. */
export function readSecrets(dir: string, file: string | undefined): Record<string, string> {
  const chosen = file ? userPath(file) : path.join(dir, '.env');
  if (!existsSync(chosen)) {
    if (file) throw new CliError(`${chosen} does not exist`);
    return {};
  }
  const entries = Object.entries(parseEnv(readFileSync(chosen, 'utf8')));
  return Object.fromEntries(entries.filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** Refuses secret names an executable cannot bind (lib/secrets/env-key.ts), so a test does not pass on one. */
export function checkSecretNames(secrets: Record<string, string>) {
  const unbindable = Object.keys(secrets).filter((name) => !isEnvKey(name));
  if (unbindable.length > 0)
    throw new CliError(
      `secret names ${unbindable.join(', ')} cannot be bound to an executable: use ${ENV_KEY_RULE}`,
      { code: 'invalid_secret_name' },
    );
}
