import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { callbacksOfZip } from '@/lib/runtime/describe-task';
import { CliError, userPath } from '../output';
import { reach, resolveTarget, type Target } from '../target';

function readSchema(file: string): string {
  const text = readFileSync(userPath(file), 'utf8');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new CliError(`${file} is not valid JSON: ${(error as Error).message}`, { code: 'invalid_schema' });
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new CliError(`${file} must hold a JSON Schema object`, { code: 'invalid_schema' });
  }
  return text;
}

/**
 * `upload <zip> --project ID [--name N] [--tag T] [--schema file] [--callbacks a,b] [--workspace ID] [--api URL]`:
 * POST /api/task/upload; prints `{ taskId, versionTag, created, definedCallbacks }`. Without `--callbacks`, the
 * callbacks are detected from the ZIP's index.js (`--callbacks ''` sends none).
 */
export async function upload(argv: string[]) {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      project: { type: 'string' },
      name: { type: 'string' },
      tag: { type: 'string' },
      schema: { type: 'string' },
      callbacks: { type: 'string' },
      workspace: { type: 'string' },
      api: { type: 'string' },
    },
  });
  if (positionals.length !== 1 || !values.project) {
    throw new CliError(
      'usage: upload <zip> --project ID [--name N] [--tag T] [--schema file] [--callbacks a,b] [--workspace ID]',
    );
  }
  const zipPath = userPath(positionals[0]);
  if (!existsSync(zipPath)) throw new CliError(`${zipPath} does not exist`);
  return uploadZip(resolveTarget(values), {
    zip: readFileSync(zipPath),
    fileName: path.basename(zipPath),
    projectId: values.project,
    name: values.name,
    tag: values.tag,
    schema: values.schema === undefined ? undefined : readSchema(values.schema),
    callbacks: values.callbacks
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean),
  });
}

export type UploadInput = {
  zip: Uint8Array;
  /** The ZIP's file name (the form part's), e.g. `counter.zip`. */
  fileName: string;
  projectId: string;
  /** The function's name; the file name without extension when absent. */
  name?: string;
  tag?: string;
  /** The args JSON Schema, as text. */
  schema?: string;
  callbacks?: string[];
};

/** POST /api/task/upload of one ZIP as the target's credential; answers `{ taskId, versionTag, created }`. */
export async function uploadZip(target: Target, input: UploadInput) {
  const { zip: bytes, fileName } = input;
  const data = {
    workspaceId: target.workspaceId,
    projectId: input.projectId,
    taskName: input.name ?? path.basename(fileName, path.extname(fileName)),
    checkSum: createHash('sha256').update(bytes).digest('hex'),
    ...(input.tag !== undefined && { versionTag: input.tag }),
    ...(input.schema !== undefined && { schema: input.schema }),
  };
  const definedCallbacks = input.callbacks ?? (await callbacksOfZip(bytes));
  if (definedCallbacks.length > 0 || input.callbacks) Object.assign(data, { definedCallbacks });
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('blob', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/zip' }), fileName);

  const res = await reach(target, '/api/task/upload', { method: 'POST', body: form });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch {}
  if (!res.ok) {
    const { error, code, requestId, suggestedVersionTag, reservedVersionTags, details } = body;
    const hint = typeof suggestedVersionTag === 'string' ? ` (retry with --tag ${suggestedVersionTag})` : '';
    throw new CliError(`${typeof error === 'string' ? error : `HTTP ${res.status}`}${hint}`, {
      status: res.status,
      code,
      requestId,
      suggestedVersionTag,
      reservedVersionTags,
      details,
    });
  }
  const { taskId, versionTag, created } = body;
  return { taskId, versionTag, created, definedCallbacks };
}
