import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicFetch } from '@/lib/runtime/fetch-bridge';

// A local HTTP server stands in for the internet: reachable with allowPrivate (or allowAddresses), refused
// otherwise.

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

const routes: Record<string, Handler> = {
  '/hello': (_req, res) => {
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.writeHead(201, 'Made', { 'content-type': 'text/plain' }).end('hello');
  },
  '/echo': (req, res, body) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ method: req.method, headers: req.headers, body }));
  },
  '/big': (_req, res) => res.end('b'.repeat(2048)),
  '/slow': () => {
    // never answers
  },
  '/to-hello': (_req, res) => res.writeHead(302, { location: '/hello' }).end(),
  '/to-metadata': (_req, res) =>
    res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end(),
  '/to-ten': (_req, res) => res.writeHead(307, { location: 'http://10.0.0.1/' }).end(),
  '/post-303': (_req, res) => res.writeHead(303, { location: '/echo' }).end(),
  '/post-307': (_req, res) => res.writeHead(307, { location: '/echo' }).end(),
  '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
};

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const handler = routes[new URL(req.url ?? '/', 'http://x').pathname];
      if (handler) handler(req, res, body);
      else res.writeHead(404).end('not found');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const local = publicFetch({ allowPrivate: true });
/** Public-only, except the test server's own address: what a public host looks like to the bridge. */
const publicOnly = publicFetch({ allowAddresses: ['127.0.0.1'] });

describe('publicFetch refusals', () => {
  const strict = publicFetch();
  it.each([
    'http://127.0.0.1/',
    'http://10.1.2.3/',
    'http://172.16.0.1/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://localhost/',
  ])('refuses %s', async (url) => {
    await expect(strict(url, {})).rejects.toThrow(/private or local address/);
  });

  it('refuses other schemes and invalid URLs', async () => {
    await expect(strict('file:///etc/passwd', {})).rejects.toThrow(
      'fetch: only http and https URLs are allowed',
    );
    await expect(strict('ftp://example.com/', {})).rejects.toThrow('only http and https');
    await expect(strict('not a url', {})).rejects.toThrow('fetch: invalid URL');
  });

  it('refuses the test server without an exception for it', async () => {
    await expect(strict(`${base}/hello`, {})).rejects.toThrow(/127\.0\.0\.1.*public hosts/);
  });

  it('re-checks every redirect hop', async () => {
    await expect(publicOnly(`${base}/to-metadata`, {})).rejects.toThrow(
      /169\.254\.169\.254.*private or local/,
    );
    await expect(publicOnly(`${base}/to-ten`, {})).rejects.toThrow(/10\.0\.0\.1/);
    expect((await publicOnly(`${base}/to-hello`, {})).body).toBe('hello');
  });

  it('gives errors without stacks or internals', async () => {
    const error = await local('http://127.0.0.1:1/', {}).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('fetch: the connection to 127.0.0.1:1 was refused');
    expect((error as Error).stack).toBe((error as Error).message);
  });
});

describe('publicFetch requests', () => {
  it('answers status, headers, url and body', async () => {
    const response = await local(`${base}/hello`, {});
    expect(response).toMatchObject({ status: 201, statusText: 'Made', url: `${base}/hello`, body: 'hello' });
    expect(response.headers).toContainEqual(['content-type', 'text/plain']);
    expect(response.headers).toContainEqual(['set-cookie', 'a=1']);
    expect(response.headers).toContainEqual(['set-cookie', 'b=2']);
  });

  it('passes method, headers and body through, without the host header', async () => {
    const response = await local(`${base}/echo`, {
      method: 'put',
      headers: { 'x-api-key': 'k', host: 'evil.example', 'content-type': 'application/json' },
      body: '{"a":1}',
    });
    const echoed = JSON.parse(response.body);
    expect(echoed).toMatchObject({ method: 'PUT', body: '{"a":1}' });
    expect(echoed.headers).toMatchObject({ 'x-api-key': 'k', 'content-type': 'application/json' });
    expect(echoed.headers.host).toBe(new URL(base).host);
  });

  it('follows redirects like fetch: 303 turns into a GET, 307 keeps method and body', async () => {
    const after303 = JSON.parse((await local(`${base}/post-303`, { method: 'POST', body: 'x' })).body);
    expect(after303).toMatchObject({ method: 'GET', body: '' });
    const after307 = await local(`${base}/post-307`, { method: 'POST', body: 'x' });
    expect(JSON.parse(after307.body)).toMatchObject({ method: 'POST', body: 'x' });
    expect(after307.url).toBe(`${base}/echo`);
  });

  it('stops after 5 redirects', async () => {
    await expect(local(`${base}/loop`, {})).rejects.toThrow('fetch: too many redirects (more than 5)');
  });

  it('refuses a body over the limit', async () => {
    const small = publicFetch({ allowPrivate: true, maxBytes: 1024 });
    await expect(small(`${base}/big`, {})).rejects.toThrow(
      'fetch: the response body is over the 1 KiB limit',
    );
    expect((await small(`${base}/hello`, {})).body).toBe('hello');
  });

  it('times out', async () => {
    const quick = publicFetch({ allowPrivate: true, timeoutMs: 200 });
    const started = Date.now();
    await expect(quick(`${base}/slow`, {})).rejects.toThrow(
      `fetch: ${new URL(base).host} did not answer within 0.2 s`,
    );
    // Generous for a loaded machine; the message names the 0.2 s given, and 5 s is half the 10 s default.
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
