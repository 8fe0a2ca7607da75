import { NO_ACCOUNTS_METHODS, READ_METHODS } from '@/lib/chains/read-methods';

// What the public execution endpoint forwards. An allow-list, as for tasks (lib/chains/read-methods.ts): the
// task read methods plus raw transaction broadcast, which the caller signed and pays for (the gateway pays no
// native gas). Everything that signs with a node account, mines, administers or debugs (`eth_sendTransaction`,
// `eth_sign*`, `personal_*`, `admin_*`, `debug_*`, `anvil_*`, `hardhat_*`, `evm_*`, `miner_*`, `txpool_*`,
// `engine_*`…) is refused, and so is any method a node adds later until it is listed here. Filters and
// subscriptions are refused too: they live on one upstream, and failover would lose them.

const GATEWAY_METHODS: ReadonlySet<string> = new Set([
  ...READ_METHODS,
  'eth_sendRawTransaction',
  'eth_sendRawTransactionSync',
  'eth_protocolVersion',
  'web3_sha3',
]);

export type MethodDecision = 'forward' | 'no_accounts' | 'refuse';

/** Matched exactly, as for tasks: `ETH_SIGN` is refused like `eth_sign`. */
export function methodDecision(method: unknown): MethodDecision {
  if (typeof method !== 'string') return 'refuse';
  if (GATEWAY_METHODS.has(method)) return 'forward';
  if (NO_ACCOUNTS_METHODS.has(method)) return 'no_accounts';
  return 'refuse';
}

/** JSON-RPC "method not found": the error object a refused method gets, under the request's id. */
const REFUSED_CODE = -32601;
export const refusedError = (method: unknown) => ({
  code: REFUSED_CODE,
  message: `the method ${typeof method === 'string' ? method.slice(0, 64) : '(none)'} is not available on the gateway`,
});
