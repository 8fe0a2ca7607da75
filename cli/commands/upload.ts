import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CliError, userPath } from '../output';
import { credentialsFile } from './login';

type Credentials = { apiUrl?: string; token?: string; workspaceId?: string };
type Target = { api: string; token: string; workspaceId: string };

const DEFAULT_API = 'http://localhost:3000';

/**
 * Where and as whom to upload. With `TICKWORK_TOKEN` set, the environment decides alone; otherwise the
 * credentials file `login` wrote. Flags win over both: --api, then TICKWORK_API_URL, the file's apiUrl,
 * localhost:3000; --workspace, then TICKWORK_WORKSPACE_ID, the file's workspaceId (else an error).
 */
function resolveTarget(flags: { api?: string; workspace?: string }): Target {
  const env = process.env;
  let saved: Credentials = {};
  if (!env.TICKWORK_TOKEN) {
    const file = credentialsFile();
    if (!existsSync(file)) {
      throw new CliError('no credentials: set TICKWORK_TOKEN or run `npm run -s tickwork -- login`');
    }
    saved = JSON.parse(readFileSync(file, 'utf8')) as Credentials;
  }
  const token = env.TICKWORK_TOKEN || saved.token;
  if (!token) throw new CliError(`no token in ${credentialsFile()}: run login again or set TICKWORK_TOKEN`);
  const workspaceId = flags.workspace || env.TICKWORK_WORKSPACE_ID || saved.workspaceId;
  if (!workspaceId) {
    throw new CliError('the workspace is unknown: pass --workspace ws_… or set TICKWORK_WORKSPACE_ID');
  }
  const api = flags.api || env.TICKWORK_API_URL || saved.apiUrl || DEFAULT_API;
  return { api: api.replace(/\/+$/, ''), token, workspaceId };
}

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
 * POST /api/task/upload; prints `{ taskId, versionTag, created }`.
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
  const bytes = readFileSync(zipPath);
  const target = resolveTarget(values);
  const callbacks = values.callbacks
    ?.split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const data = {
    workspaceId: target.workspaceId,
    projectId: values.project,
    taskName: values.name ?? path.basename(zipPath, path.extname(zipPath)),
    checkSum: createHash('sha256').update(bytes).digest('hex'),
    ...(values.tag !== undefined && { versionTag: values.tag }),
    ...(values.schema !== undefined && { schema: readSchema(values.schema) }),
    ...(callbacks && { definedCallbacks: callbacks }),
  };
  const form = new FormData();
  form.set('data', JSON.stringify(data));
  form.set('blob', new Blob([bytes], { type: 'application/zip' }), path.basename(zipPath));

  let res: Response;
  try {
    res = await fetch(`${target.api}/api/task/upload`, {
      method: 'POST',
      headers: { authorization: `Bearer ${target.token}`, 'x-workspace-id': target.workspaceId },
      body: form,
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new CliError(`cannot reach ${target.api}: ${cause}`);
  }
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
  return { taskId, versionTag, created };
}
