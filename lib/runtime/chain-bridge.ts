import { ChainRequestError, type TaskHost } from './task-types';

// The sandbox's chain: read-only JSON-RPC to the profile's chain. Tasks plan calls, the platform submits
// them, so anything that signs, sends or administers the node is refused before it leaves.

const TIMEOUT_MS = 10_000;

// Lower case: the refusal must not depend on how a node treats `ETH_SENDRAWTRANSACTION`.
const REFUSED_METHODS = new Set([
  'eth_sendtransaction',
  'eth_sendrawtransaction',
  'eth_sign',
  'eth_signtransaction',
]);
const REFUSED_PREFIXES = [
  'eth_signtypeddata',
  'personal_',
  'wallet_',
  'anvil_',
  'hardhat_',
  'evm_',
  'debug_',
  'admin_',
  'miner_',
  'txpool_',
];
/** Account discovery answers "no accounts", as a provider without accounts does (viem asks at times). */
const NO_ACCOUNTS_METHODS = new Set(['eth_accounts', 'eth_requestAccounts']);

function isRefused(method: string) {
  const name = method.toLowerCase();
  return REFUSED_METHODS.has(name) || REFUSED_PREFIXES.some((prefix) => name.startsWith(prefix));
}

type JsonRpcReply = {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
};

/** Never says why or where: RPC URLs can hold API keys, and transport errors quote them. */
const unavailable = () => new ChainRequestError(-32603, 'the chain RPC is unavailable');

async function post(rpcUrl: string, method: string, params: unknown): Promise<JsonRpcReply> {
  try {
    const response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    // Providers answer JSON-RPC errors with HTTP errors at times (429 with an error object): the body decides.
    const reply: unknown = await response.json().catch(() => null);
    if (
      typeof reply === 'object' &&
      reply !== null &&
      ('error' in reply || (response.ok && 'result' in reply))
    )
      return reply as JsonRpcReply;
  } catch {
    // Network failure or timeout.
  }
  throw unavailable();
}

/** The host side of `ctx.chain.request`: one JSON-RPC call to `rpcUrl`; rejects with ChainRequestError. */
export function chainBridge(rpcUrl: string): TaskHost['chainRequest'] {
  return async (method, params) => {
    if (NO_ACCOUNTS_METHODS.has(method)) return [];
    if (isRefused(method)) throw new ChainRequestError(4200, 'method not supported in tasks');
    const reply = await post(rpcUrl, method, params);
    if (reply.error) {
      const { code, message, data } = reply.error;
      throw new ChainRequestError(
        typeof code === 'number' ? code : -32603,
        typeof message === 'string' ? message : 'the chain RPC answered an error',
        data,
      );
    }
    return reply.result;
  };
}
