import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { statusOf } from '@/lib/api/error-codes';
import { GATEWAY_PATH } from './config';
import { handleDiscovery } from './discovery';
import { handleExecution } from './handle';

// The gateway as its own process (scripts/rpc-gateway.ts): the same handlers as the app's `/rpc` routes on a
// bare node:http server, without Next's request pipeline. Serves `{path}/v1/chains` and `{path}/{network}/{key}`
// where `{path}` is the path of TICKWORK_RPC_URL (default `/rpc`).

const basePath = () => {
  const configured = process.env.TICKWORK_RPC_URL;
  return (configured ? new URL(configured).pathname : GATEWAY_PATH).replace(/\/+$/, '');
};

const headersOf = (req: IncomingMessage) => {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers))
    if (typeof value === 'string') headers.set(name, value);
    else if (Array.isArray(value)) for (const v of value) headers.append(name, v);
  return headers;
};

async function send(res: ServerResponse, response: Response) {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  res.writeHead(response.status, headers).end(body);
}

const notFound = () =>
  Response.json({ error: 'not found', code: 'not_found' }, { status: statusOf('not_found') });

/** The network and key segments decoded; null when one is not valid percent-encoding (`%FF`). */
function decodeSegments(parts: string[]): [string, string] | null {
  try {
    return [decodeURIComponent(parts[0]), decodeURIComponent(parts[1])];
  } catch {
    return null;
  }
}

/** The client's mistake, answered in the gateway's JSON-RPC shape (the app's preload answers the same). */
const malformedPath = () =>
  Response.json(
    {
      jsonrpc: '2.0',
      id: null,
      error: { code: -32600, message: 'the URL path is not valid percent-encoding' },
    },
    { status: 400 },
  );

export function createGatewayServer(): Server {
  const prefix = basePath();
  return createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', `http://${req.headers.host ?? 'localhost'}`);
      const rest = url.pathname.startsWith(`${prefix}/`) ? url.pathname.slice(prefix.length + 1) : null;
      const parts = rest === null ? [] : rest.split('/');
      if (req.method === 'GET' && rest === 'v1/chains')
        return await send(res, await handleDiscovery(new Request(url, { headers: headersOf(req) })));
      if (req.method === 'POST' && parts.length === 2 && parts[0] !== 'v1') {
        const segments = decodeSegments(parts);
        if (!segments) return await send(res, malformedPath());
        const request = new Request(url, {
          method: 'POST',
          headers: headersOf(req),
          body: req as unknown as ReadableStream,
          duplex: 'half',
        } as RequestInit);
        return await send(res, await handleExecution(request, ...segments));
      }
      await send(res, notFound());
    } catch {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end('{"error":"internal server error","code":"internal_error"}');
    }
  });
}
