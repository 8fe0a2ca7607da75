import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExtraApp, startExtraApp } from '../support/app';
import { api } from '../support/http';

// Attack: a path that is not valid percent-encoding, anywhere. Before the fix the console pages, the Safe signing
// page and the RPC gateway answered a plain-text 500 and logged a URIError with its stack; only /api/ was covered
// (test/security/input-bounds.test.ts). The server preload answers them before Next (lib/api/client-errors.cjs).

const PAGES = [
  '/%FF',
  '/%E0%A4',
  '/safe/tx/%FF',
  '/safe/tx/%E0%A4',
  '/signin/%',
  '/_next/static/%FF',
  '/logo%FF.svg',
];
const GATEWAY = ['/rpc/%FF/x', '/rpc/anvil/%E0%A4', '/rpc/v1/%FF'];

describe('malformed paths outside /api', () => {
  let app: ExtraApp;

  beforeAll(async () => {
    app = await startExtraApp({ LOG_LEVEL: 'info' }, { captureOutput: true });
  });

  afterAll(async () => {
    await app?.stop();
  });

  it.each(PAGES)('GET and POST %s → 400 invalid_request in the error shape', async (path) => {
    for (const method of ['GET', 'POST']) {
      const res = await api(path, { method, baseUrl: app.baseUrl });
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(400);
      expect(res.headers.get('content-type')).toMatch(/application\/json/);
      expect(res.body).toEqual({
        error: 'the URL path is not valid percent-encoding',
        code: 'invalid_request',
        requestId: expect.stringMatching(/^req_/),
      });
      expect(res.headers.get('x-request-id')).toBe(res.body.requestId);
    }
  });

  it.each(GATEWAY)('POST %s → 400 with a JSON-RPC error body (the gateway’s shape)', async (path) => {
    const res = await api(path, {
      method: 'POST',
      baseUrl: app.baseUrl,
      body: { jsonrpc: '2.0', id: 7, method: 'eth_chainId', params: [] },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    expect(res.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'the URL path is not valid percent-encoding' },
    });
  });

  it('none of them writes a stack or an error to the log', async () => {
    const before = app.output().length;
    for (const path of [...PAGES, ...GATEWAY]) {
      expect((await api(path, { method: 'POST', baseUrl: app.baseUrl })).status).toBe(400);
    }
    // a request that does reach Next answers after them, so everything they logged is in the output by now
    expect((await api('/api/health', { baseUrl: app.baseUrl })).status).toBe(200);
    const added = app.output().slice(before);
    expect(added).not.toMatch(/URIError|\n\s+at |"level":50|unhandled error/);
  });

  it('well-formed encodings still reach their pages', async () => {
    const res = await api('/safe/tx/%41bc', { baseUrl: app.baseUrl });
    expect(res.status).toBeLessThan(500);
    expect(res.headers.get('content-type')).toMatch(/text\/html/);
  });
});
