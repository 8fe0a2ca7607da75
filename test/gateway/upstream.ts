import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type UpstreamMode = 'forward' | 'http-500' | 'reset' | 'hang' | 'rpc-error' | 'wedged';

/**
 * A local JSON-RPC upstream for the gateway tests: forwards to anvil, or fails on demand (HTTP 500, a reset
 * connection, no answer, a JSON-RPC error in HTTP 200, or `wedged`: a node that still answers its head and
 * `eth_syncing` but never a state read); `syncing` makes it answer `eth_syncing` with an object. `bodies` holds
 * the request bodies it received, in order.
 */
export type TestUpstream = {
  url: string;
  mode: UpstreamMode;
  syncing: boolean;
  hits: number;
  bodies: string[];
  stop: () => Promise<void>;
};

/** What a wedged node still answers: its head and sync state, from memory. */
const HEAD_METHODS = new Set([
  'eth_blockNumber',
  'eth_getBlockByNumber',
  'eth_syncing',
  'eth_chainId',
  'net_version',
]);

type RpcEntry = { id?: unknown; method?: string };

const onlyHeadReads = (body: string) => {
  const parsed = JSON.parse(body) as RpcEntry | RpcEntry[];
  return (Array.isArray(parsed) ? parsed : [parsed]).every((e) => HEAD_METHODS.has(e.method ?? ''));
};

export async function startUpstream(anvilUrl: string): Promise<TestUpstream> {
  const hanging = new Set<import('node:http').ServerResponse>();
  const upstream: TestUpstream = {
    url: '',
    mode: 'forward',
    syncing: false,
    hits: 0,
    bodies: [],
    stop: async () => {},
  };
  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    upstream.hits += 1;
    upstream.bodies.push(body);
    if (upstream.mode === 'http-500') return res.writeHead(500).end('internal error');
    if (upstream.mode === 'reset') return req.socket.destroy();
    if (upstream.mode === 'hang' || (upstream.mode === 'wedged' && !onlyHeadReads(body))) {
      hanging.add(res);
      return;
    }
    if (upstream.mode === 'rpc-error') {
      const parsed = JSON.parse(body) as RpcEntry | RpcEntry[];
      const err = (e: RpcEntry) => ({
        jsonrpc: '2.0',
        id: e.id,
        error: { code: -32000, message: 'upstream says no' },
      });
      return res
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify(Array.isArray(parsed) ? parsed.map(err) : err(parsed)));
    }
    const answer = await fetch(anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    let text = await answer.text();
    if (upstream.syncing) {
      const requests = JSON.parse(body) as RpcEntry | RpcEntry[];
      const replies = JSON.parse(text) as
        | { id?: unknown; result?: unknown }
        | { id?: unknown; result?: unknown }[];
      const list = Array.isArray(requests) ? requests : [requests];
      const out = Array.isArray(replies) ? replies : [replies];
      for (const r of list)
        if (r.method === 'eth_syncing') {
          const reply = out.find((o) => o.id === r.id);
          if (reply) reply.result = { startingBlock: '0x0', currentBlock: '0x1', highestBlock: '0x100' };
        }
      text = JSON.stringify(replies);
    }
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(text);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  upstream.stop = async () => {
    for (const res of hanging) res.destroy();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  };
  return upstream;
}
