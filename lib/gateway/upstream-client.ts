import http from 'node:http';
import https from 'node:https';

// The gateway's HTTP client for upstream calls: node:http with keep-alive agents (cheaper per request than
// fetch, and untouched by Next's fetch wrapper). The timeout covers the whole exchange.

const agents = {
  'http:': new http.Agent({ keepAlive: true, maxSockets: 256 }),
  'https:': new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

export type UpstreamAnswer = { status: number; body: Uint8Array };

export function postJson(url: string, body: string | Uint8Array, timeoutMs: number): Promise<UpstreamAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const transport = target.protocol === 'https:' ? https : http;
    const agent = agents[target.protocol as keyof typeof agents];
    if (!agent) return reject(new Error('unsupported upstream scheme'));
    const payload = typeof body === 'string' ? Buffer.from(body) : body;
    const req = transport.request(
      target,
      {
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/json',
          'content-length': payload.byteLength,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          resolve({
            status: res.statusCode ?? 0,
            body: chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
          });
        });
        res.on('error', fail);
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('upstream timeout')), timeoutMs);
    function fail(error: Error) {
      clearTimeout(timer);
      reject(error);
    }
    req.on('error', fail);
    req.end(payload);
  });
}
