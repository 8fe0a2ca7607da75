import { target } from './target';

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

/** Real HTTP against the app under test. `body` is JSON-encoded unless `raw` is given. */
export async function api<T = any>(
  path: string,
  opts: {
    method?: string;
    token?: string;
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    baseUrl?: string;
  } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: string | undefined = opts.raw;
  if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined) headers['content-type'] ??= 'application/json';
  const res = await fetch(`${opts.baseUrl ?? target().baseUrl}${path}`, {
    method: opts.method ?? 'GET',
    headers,
    body,
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {}
  return { status: res.status, body: parsed as T, text, headers: res.headers };
}
