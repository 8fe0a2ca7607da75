import { type Db, getDb } from '@/db/client';
import { errorBody, errorResponse } from '@/lib/api/error-response';
import { type ApiError, apiError } from '@/lib/api/errors';
import { type ChainConfig, enabledChains } from '@/lib/chains/config';
import { newId } from '@/lib/ids';
import { gatewayConfig } from './config';
import { forwardJsonRpc } from './forward';
import { authenticateRpcKey, type RpcPrincipal } from './keys';
import { methodDecision, refusedError } from './methods';
import { takeRpcToken } from './rate';

// The execution endpoint `POST {rpc_url}/{network}/{RPC_API_KEY}`: JSON-RPC 2.0, single or batch. Allowed
// requests are forwarded as they came (the request's bytes when nothing had to be answered here); refused
// methods and malformed entries are answered here under their id; a batch keeps its order.

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Failures before JSON-RPC (unknown chain, key, rate, size): the API's error shape. */
function apiFailure(error: ApiError, requestId: string, headers: Record<string, string> = {}) {
  return Response.json(errorBody(error, requestId), {
    status: error.status,
    headers: { ...headers, ...error.headers, 'X-Request-Id': requestId },
  });
}

const unauthorizedRpcKey = () =>
  apiError('unauthorized', 'a valid RPC API key is required (missing, unknown or revoked)');

const findNetwork = (network: string): ChainConfig | undefined =>
  enabledChains().find((c) => c.network === network);

/** Reads the body up to the limit; null when it is larger. */
async function readLimited(req: Request, max: number): Promise<Uint8Array | null> {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) return null;
  if (!req.body) return new Uint8Array();
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  return chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
}

/** Authenticates and takes one token of the workspace's bucket; a Response when refused. */
export async function admitRpcKey(
  db: Db,
  token: string | null,
  requestId: string,
): Promise<{ principal: RpcPrincipal; headers: Record<string, string> } | Response> {
  const principal = await authenticateRpcKey(db, token);
  if (!principal) return apiFailure(unauthorizedRpcKey(), requestId);
  const rate = await takeRpcToken(db, principal.workspaceId, gatewayConfig().rateLimitPerMinute);
  if (!rate.allowed)
    return apiFailure(
      apiError('rate_limited', 'the workspace’s RPC request rate limit is exhausted'),
      requestId,
      rate.headers,
    );
  return { principal, headers: rate.headers };
}

type Entry = { id?: unknown; method?: unknown; jsonrpc?: unknown };
type LocalAnswer = Record<string, unknown> | null;

const rpcError = (id: unknown, code: number, message: string) => ({
  jsonrpc: '2.0',
  id: id ?? null,
  error: { code, message },
});

/** What the gateway answers itself for an entry (null: nothing, a notification), or 'forward'. */
function localAnswer(entry: unknown): LocalAnswer | 'forward' {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
    return rpcError(null, -32600, 'invalid request: not a JSON-RPC request object');
  const { id, method, jsonrpc } = entry as Entry;
  const notification = !('id' in entry);
  if (jsonrpc !== '2.0' || typeof method !== 'string')
    return rpcError(id, -32600, 'invalid request: jsonrpc "2.0" and a method are required');
  const decision = methodDecision(method);
  if (decision === 'forward') return 'forward';
  if (notification) return null;
  if (decision === 'no_accounts') return { jsonrpc: '2.0', id, result: [] };
  return { jsonrpc: '2.0', id, error: refusedError(method) };
}

const unavailable = (id: unknown) => rpcError(id, -32603, 'no upstream of the chain answered');

export async function handleExecution(req: Request, network: string, key: string): Promise<Response> {
  const requestId = newId('request');
  try {
    return await execute(req, network, key, requestId);
  } catch (error) {
    return errorResponse(error, requestId, {}, 'rpc execution');
  }
}

async function execute(req: Request, network: string, key: string, requestId: string): Promise<Response> {
  const config = gatewayConfig();
  const chain = findNetwork(network);
  if (!chain) return apiFailure(apiError('not_found', 'no such chain on the gateway'), requestId);
  const db = getDb();
  const admitted = await admitRpcKey(db, key, requestId);
  if (admitted instanceof Response) return admitted;
  const headers = { ...JSON_HEADERS, ...admitted.headers, 'X-Request-Id': requestId };
  const reply = (body: unknown, status = 200) =>
    new Response(body === undefined ? null : JSON.stringify(body), { status, headers });

  const bytes = await readLimited(req, config.maxBodyBytes);
  if (!bytes)
    return apiFailure(
      apiError('payload_too_large', `the request body exceeds ${config.maxBodyBytes} bytes`),
      requestId,
    );
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return reply(rpcError(null, -32700, 'parse error: the body is not JSON'), 400);
  }

  if (!Array.isArray(parsed)) {
    const local = localAnswer(parsed);
    if (local !== 'forward') return local ? reply(local) : new Response(null, { status: 204, headers });
    const answer = await forwardJsonRpc(chain, bytes);
    if (!answer.ok) return reply(unavailable((parsed as Entry).id), 502);
    return new Response(answer.body as BodyInit, { status: answer.status, headers });
  }

  if (parsed.length === 0) return reply(rpcError(null, -32600, 'invalid request: an empty batch'), 400);
  if (parsed.length > config.maxBatch)
    return reply(rpcError(null, -32600, `invalid request: a batch holds at most ${config.maxBatch}`), 400);
  const locals = parsed.map(localAnswer);
  const forwarded = parsed.filter((_, i) => locals[i] === 'forward');
  if (forwarded.length === parsed.length) {
    const answer = await forwardJsonRpc(chain, bytes);
    if (!answer.ok)
      return reply(
        forwarded.map((e) => unavailable((e as Entry).id)),
        502,
      );
    return new Response(answer.body as BodyInit, { status: answer.status, headers });
  }
  let upstreamReplies: unknown[] = [];
  let status = 200;
  if (forwarded.length > 0) {
    const answer = await forwardJsonRpc(chain, JSON.stringify(forwarded));
    if (!answer.ok) {
      upstreamReplies = forwarded.map((e) => unavailable((e as Entry).id));
      status = 502;
    } else {
      const body: unknown = JSON.parse(new TextDecoder().decode(answer.body));
      // Not a batch answer (an error for the whole batch): passed on as it came.
      if (!Array.isArray(body))
        return new Response(answer.body as BodyInit, { status: answer.status, headers });
      upstreamReplies = body;
    }
  }
  const merged = mergeReplies(parsed, locals, upstreamReplies);
  return merged.length === 0 ? new Response(null, { status: 204, headers }) : reply(merged, status);
}

/** Request order: a local answer where the gateway answered, else the upstream reply with the same id. */
function mergeReplies(requests: unknown[], locals: (LocalAnswer | 'forward')[], upstream: unknown[]) {
  const pending = [...upstream];
  const out: unknown[] = [];
  requests.forEach((request, i) => {
    const local = locals[i];
    if (local === 'forward') {
      const id = JSON.stringify((request as Entry).id);
      const at = pending.findIndex(
        (r) => typeof r === 'object' && r !== null && JSON.stringify((r as Entry).id) === id,
      );
      if (at >= 0) out.push(pending.splice(at, 1)[0]);
    } else if (local) out.push(local);
  });
  return [...out, ...pending];
}
