import { existsSync, readFileSync } from 'node:fs';
import { credentialsFile } from './commands/login';
import { CliError } from './output';
import { USER_AGENT } from './version';

type Credentials = { apiUrl?: string; token?: string; workspaceId?: string };
export type Target = { api: string; token: string; workspaceId: string };

const DEFAULT_API = 'http://localhost:3000';

/**
 * Where and as whom to upload. With `TICKWORK_TOKEN` set, the environment decides alone; otherwise the
 * credentials file `login` wrote. Flags win over both: --api, then TICKWORK_API_URL, the file's apiUrl,
 * localhost:3000; --workspace, then TICKWORK_WORKSPACE_ID, the file's workspaceId (else an error).
 */
export function resolveTarget(flags: { api?: string; workspace?: string }): Target {
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

/** A request to the API as the target's credential; a network failure is a CliError naming the API. */
export async function reach(
  target: Target,
  path: string,
  init: { method: string; body?: BodyInit; json?: boolean; idempotencyKey?: string },
) {
  try {
    return await fetch(`${target.api}${path}`, {
      method: init.method,
      headers: {
        authorization: `Bearer ${target.token}`,
        'user-agent': USER_AGENT,
        'x-workspace-id': target.workspaceId,
        ...(init.json && { 'content-type': 'application/json' }),
        ...(init.idempotencyKey && { 'idempotency-key': init.idempotencyKey }),
      },
      body: init.body,
    });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message ?? (error as Error).message;
    throw new CliError(`cannot reach ${target.api}: ${cause}`);
  }
}

type Envelope = {
  data?: unknown;
  pagination?: { cursor: string; isDone: boolean };
  [field: string]: unknown;
};

/**
 * A management API call with a JSON body; answers `data`, or throws the API's error as a CliError. A mutation
 * may carry an `Idempotency-Key`.
 */
export async function callApi(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<unknown> {
  return (await callApiEnvelope(target, method, path, body, idempotencyKey)).data;
}

/** Every item of a paged list (`GET path?…&limit=200`, following the cursor). */
export async function listAll<T>(target: Target, path: string): Promise<T[]> {
  const items: T[] = [];
  let cursor = '';
  for (;;) {
    const sep = path.includes('?') ? '&' : '?';
    const page = await callApiEnvelope(
      target,
      'GET',
      `${path}${sep}limit=200${cursor && `&cursor=${encodeURIComponent(cursor)}`}`,
    );
    items.push(...(page.data as T[]));
    if (!page.pagination || page.pagination.isDone) return items;
    cursor = page.pagination.cursor;
  }
}

/** A management API call answering its whole envelope (`data` and the fields beside it). */
export async function callApiEnvelope(
  target: Target,
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
): Promise<Envelope> {
  const res = await reach(target, path, {
    method,
    json: true,
    body: body === undefined ? undefined : JSON.stringify(body),
    idempotencyKey,
  });
  const parsed = (await res.json().catch(() => ({}))) as Envelope & {
    error?: unknown;
    code?: unknown;
    requestId?: unknown;
  };
  if (!res.ok)
    throw new CliError(typeof parsed.error === 'string' ? parsed.error : `HTTP ${res.status}`, {
      status: res.status,
      code: parsed.code,
      requestId: parsed.requestId,
    });
  return parsed;
}
