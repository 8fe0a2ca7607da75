import { type ApiError, apiError, type ErrorCode } from './errors';

// Reading request bodies: capped while they stream in (a chunked body has no Content-Length to trust), JSON
// only when declared as JSON, and never nested deeper than the services can walk (deep JSON overflows the
// stack of recursive code such as canonical JSON and deep equality).

/** How deep a request's JSON may nest (objects and arrays); documented in docs/api-conventions.md. */
export const MAX_JSON_DEPTH = 64;

export type BodyLimit = { bytes: number; code: ErrorCode };

const sizeLabel = (bytes: number) =>
  bytes % (1024 * 1024) === 0
    ? `${bytes / 1024 / 1024} MiB`
    : bytes % 1024 === 0
      ? `${bytes / 1024} KiB`
      : `${bytes} bytes`;

/** The request body as text, refused with 413 as soon as it passes `limit.bytes`. */
export async function readCappedText(req: Request, limit: BodyLimit): Promise<string> {
  const tooLarge = () => apiError(limit.code, `the request body is over ${sizeLabel(limit.bytes)}`);
  if (Number(req.headers.get('content-length') ?? 0) > limit.bytes) throw tooLarge();
  if (!req.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit.bytes) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `application/json` or any `application/…+json`, with or without parameters. */
export const isJsonType = (contentType: string | null) =>
  Boolean(contentType && /^application\/([\w.+-]*\+)?json\s*(;|$)/i.test(contentType.trim()));

export const unsupportedMediaType = () =>
  apiError('unsupported_media_type', 'a non-empty body must be JSON (Content-Type: application/json)');

/** The nesting depth of a parsed JSON value, walked without recursion; stops counting past `limit`. */
function jsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (typeof node !== 'object' || node === null) continue;
    const level = depth + 1;
    if (level > deepest) deepest = level;
    if (deepest > limit) return deepest;
    for (const child of Array.isArray(node) ? node : Object.values(node)) stack.push([child, level]);
  }
  return deepest;
}

/** JSON.parse plus the depth limit; `invalid` builds the error for either failure (its code differs by door). */
export function parseJsonText(text: string, invalid: (message: string) => ApiError): unknown {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid('the body is not valid JSON');
  }
  if (jsonDepth(parsed) > MAX_JSON_DEPTH)
    throw invalid(`the JSON body nests deeper than ${MAX_JSON_DEPTH} levels`);
  return parsed;
}

const MANAGEMENT_BODY_LIMIT: BodyLimit = { bytes: 1024 * 1024, code: 'body_too_large' };

/** A management request's JSON body: `{}` when empty; else JSON-typed (415), capped (413), parsed (400). */
export async function readJsonBody(req: Request, limit = MANAGEMENT_BODY_LIMIT): Promise<unknown> {
  const text = await readCappedText(req, limit);
  if (text.trim() === '') return {};
  if (!isJsonType(req.headers.get('content-type'))) throw unsupportedMediaType();
  return parseJsonText(text, (message) => apiError('invalid_request', message));
}
