import { createHash } from 'node:crypto';
import { strToU8, zipSync } from 'fflate';
import { parseEther, toHex } from 'viem';
import { rpc } from './rpc';

// What the benches that drive a running app share: its API with a key, a paying release uploaded as a user
// uploads it, and funded legacy profiles provisioned over the API.

/** JSON against the app with the bench's key; throws on anything but 2xx. */
export type Api = <T = any>(route: string, method?: string, body?: unknown) => Promise<T>;

export function appApi(baseUrl: string, token: string): Api {
  return async (route, method = 'GET', body) => {
    const res = await fetch(`${baseUrl}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body !== undefined && { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${route}: ${res.status} ${text}`);
    return JSON.parse(text).data;
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

/** Polls `probe` every 50 ms until it answers something; throws after `timeoutMs`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined>,
  timeoutMs = 120_000,
) {
  const giveUpAt = Date.now() + timeoutMs;
  while (Date.now() < giveUpAt) {
    const found = await probe();
    if (found) return found;
    await sleep(50);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

/** A legacy profile provisioned over the API (delegated on chain; automine must be on) and funded with 10 ether. */
export async function activeProfile(
  api: Api,
  anvilUrl: string,
  projectId: string,
  alias: string,
): Promise<string> {
  const created = await api('/api/v1/profiles', 'POST', { projectId, alias, chainId: 31337 });
  const profile = await until(`profile ${alias} active`, async () => {
    const p = await api(`/api/v1/profiles/${created.id}`);
    return p.state === 'active' ? p : null;
  });
  await rpc(anvilUrl, 'anvil_setBalance', [profile.address, toHex(parseEther('10'))]);
  return profile.id;
}

/** Uploads `source` as task `name`, allowed to pay `recipient` (a call with empty data); answers its release id. */
export async function uploadPayingTask(
  baseUrl: string,
  token: string,
  owner: { workspaceId: string; projectId: string },
  task: { name: string; source: string; recipient: string },
): Promise<string> {
  const permissions = JSON.stringify({ calls: [{ to: task.recipient, functions: ['0x00000000'] }] });
  const zip = zipSync({ 'index.js': strToU8(task.source), 'permissions.json': strToU8(permissions) });
  const form = new FormData();
  const checkSum = createHash('sha256').update(zip).digest('hex');
  form.set('data', JSON.stringify({ checkSum, ...owner, taskName: task.name }));
  form.set('blob', new Blob([zip], { type: 'application/zip' }), 'bundle.zip');
  const res = await fetch(`${baseUrl}/api/task/upload`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`upload: ${res.status} ${JSON.stringify(body)}`);
  return body.taskId as string;
}
