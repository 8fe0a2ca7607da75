import { randomInt } from 'node:crypto';
import { request } from 'node:http';
import { target } from './target';

export type AddressedResponse = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
};

/**
 * A loopback address of its own (127.x.y.z; all of 127/8 reaches the app on 127.0.0.1), so that a test's
 * per-address rate limit is not shared with any other test's requests.
 */
export const freshLoopbackAddress = () =>
  `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** Real HTTP to the app under test from `localAddress` (the app sees it as the connection's peer). */
export function requestFrom(
  localAddress: string,
  path: string,
  opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<AddressedResponse> {
  const url = new URL(path, target().baseUrl);
  const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: opts.method ?? 'GET',
        localAddress,
        agent: false,
        headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...opts.headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          let parsed: unknown = text;
          try {
            parsed = text ? JSON.parse(text) : undefined;
          } catch {}
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
