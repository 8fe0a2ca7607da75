import type { z } from 'zod';
import type { Db } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import type { Principal } from '@/lib/auth/credential';
import { sha256Hex } from '@/lib/crypto/tokens';
import { requireProject } from '@/lib/projects/service';
import { BUNDLE_LIMITS, inspectBundle } from './bundle';
import { gelatoReleaseFields } from './gelato-release';
import { isGelatoSchemaJson } from './gelato-schema';
import { readGivenSchema } from './given-schema';
import { createRelease } from './releases';
import { UploadData } from './schemas';

/** The archive plus room for the `data` part and the multipart framing. */
const MAX_FORM_BYTES = BUNDLE_LIMITS.archiveBytes + 512 * 1024;

const tooLarge = () =>
  apiError('bundle_too_large', `the archive is over ${BUNDLE_LIMITS.archiveBytes} bytes`);

/**
 * The request body, refused as soon as it passes MAX_FORM_BYTES. Content-Length alone is not enough: a
 * chunked request has none, and `req.formData()` would buffer all of it first.
 */
async function readBoundedBody(req: Request): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let total = 0;
  const reader = req.body?.getReader();
  if (!reader) return new Uint8Array(0);
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > MAX_FORM_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

/** An upload: the validated `data` metadata and the ZIP bytes. The API route and the console both build one. */
export type UploadForm = { data: z.infer<typeof UploadData>; bytes: Buffer };

/** Multipart form of `POST /api/task/upload`: `data` (JSON text) and `blob` (the ZIP). */
export async function readUploadForm(req: Request): Promise<UploadForm> {
  const length = Number(req.headers.get('content-length') ?? 0);
  if (length > MAX_FORM_BYTES) throw tooLarge();
  const contentType = req.headers.get('content-type');
  if (!contentType?.startsWith('multipart/form-data')) {
    throw apiError('unsupported_media_type', 'send multipart/form-data with the parts data and blob');
  }
  const body = await readBoundedBody(req);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw apiError('invalid_request', 'the multipart body could not be read');
  }
  const data = form.get('data');
  const blob = form.get('blob');
  if (typeof data !== 'string')
    throw apiError('invalid_request', 'the form part "data" (JSON text) is missing');
  if (!(blob instanceof Blob))
    throw apiError('invalid_request', 'the form part "blob" (the ZIP file) is missing');
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw apiError('invalid_request', 'the form part "data" is not valid JSON');
  }
  return { data: UploadData.parse(json), bytes: Buffer.from(await blob.arrayBuffer()) };
}

/** A release ZIP's schema.json when it is a plain JSON Schema (unreadable JSON included: readGivenSchema says why). */
function plainBundledSchema(files: Map<string, Buffer>): string | undefined {
  const text = files.get('schema.json')?.toString('utf8');
  if (text === undefined) return undefined;
  try {
    return isGelatoSchemaJson(JSON.parse(text)) ? undefined : text;
  } catch {
    return text;
  }
}

/**
 * Validates everything about an upload, stores the bundle bytes and creates (or finds) the release. Shared by
 * `POST /api/task/upload` (an API key's principal) and the console's upload action (the session's user in
 * the workspace of the URL).
 */
export async function uploadRelease(
  db: Db,
  principal: Pick<Principal, 'workspaceId' | 'userId'>,
  actor: Actor,
  form: UploadForm,
) {
  const { data, bytes } = form;
  if (data.workspaceId !== principal.workspaceId) {
    throw apiError('workspace_mismatch', 'data.workspaceId is not the workspace of this credential');
  }
  await requireProject(db, principal.workspaceId, data.projectId);
  const checksum = sha256Hex(bytes);
  if (checksum !== data.checkSum.toLowerCase()) {
    throw apiError('checksum_mismatch', 'checkSum is not the SHA-256 of the uploaded archive', {
      expected: data.checkSum.toLowerCase(),
      actual: checksum,
    });
  }
  const { permissions, files } = await inspectBundle(bytes);
  // The ZIP's schema.json gives the args schema unless `data.schema` names one: a plain JSON Schema (what
  // `tickwork bundle` ships from a Tickwork folder) as it is, a Gelato Web3 Function's converted.
  const bundled = plainBundledSchema(files);
  const given = readGivenSchema(data.schema ?? bundled);
  if (bundled !== undefined) files.delete('schema.json');
  const gelato = gelatoReleaseFields(files);
  const argsSchema = given?.argsSchema ?? gelato.argsSchema;
  const { release, created } = await createRelease(
    db,
    {
      workspaceId: principal.workspaceId,
      projectId: data.projectId,
      name: data.taskName,
      versionTag: data.versionTag,
      checksum,
      blob: { bytes },
      argsSchema,
      definedCallbacks: data.definedCallbacks ?? [],
      permissions,
      limits: given?.limits ?? gelato.limits,
      defaultArgs: gelato.defaultArgs,
      createdBy: principal.userId,
      inheritArgsSchema: true,
    },
    { actor, action: 'function.uploaded' },
  );
  return { taskId: release.id, versionTag: release.versionTag, created };
}
