import Ajv, { type ValidateFunction } from 'ajv';
import { type BodyLimit, isJsonType, parseJsonText, unsupportedMediaType } from '@/lib/api/body';
import { apiError } from '@/lib/api/errors';
import type { JsonObject } from '@/lib/runtime/task-types';

/** The webhook body limit: larger bodies are refused before they are read to the end. */
export const WEBHOOK_BODY_LIMIT: BodyLimit = { bytes: 256 * 1024, code: 'body_too_large' };

const invalid = (message: string, details?: unknown) =>
  apiError('invalid_arguments', message, details === undefined ? undefined : { details });

/**
 * A webhook call's custom args from its body: null (run with the saved args) for an empty or whitespace-only
 * body or an empty JSON object; else a non-empty JSON object. A non-empty body must be sent as JSON (415), and
 * anything but an object (array, scalar, null, malformed JSON) is 422 invalid_arguments.
 */
export function customArgsOf(contentType: string | null, text: string): JsonObject | null {
  if (text.trim() === '') return null;
  if (!isJsonType(contentType)) throw unsupportedMediaType();
  const parsed = parseJsonText(text, (message) => invalid(message));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw invalid('custom args must be a JSON object (not an array, a scalar or null)');
  return Object.keys(parsed).length === 0 ? null : (parsed as JsonObject);
}

/** Compiled args schemas by release (a release's schema never changes); each gets its own Ajv (`$id`s clash). */
const validators = new Map<string, ValidateFunction>();
const VALIDATOR_CACHE = 256;

function validatorOf(functionId: string, schema: string): ValidateFunction {
  let validate = validators.get(functionId);
  if (!validate) {
    validate = new Ajv({ strict: false, allErrors: true }).compile(JSON.parse(schema));
    validators.set(functionId, validate);
    if (validators.size > VALIDATOR_CACHE) validators.delete(validators.keys().next().value as string);
  }
  return validate;
}

/**
 * Checks custom args against the release's uploaded args schema: 422 arguments_schema_missing when it has
 * none, 422 invalid_arguments with ajv's findings (`details: [{ path, message }]`) when they do not match.
 */
export function checkCustomArgs(release: { id: string; argsSchema: string | null }, args: JsonObject) {
  if (!release.argsSchema)
    throw apiError(
      'arguments_schema_missing',
      'the function has no args schema, so it takes no custom args; send an empty body to run with the saved args',
    );
  const validate = validatorOf(release.id, release.argsSchema);
  if (!validate(args))
    throw invalid(
      'custom args do not match the function args schema',
      (validate.errors ?? []).map((e) => ({ path: e.instancePath || '/', message: e.message ?? 'invalid' })),
    );
}
