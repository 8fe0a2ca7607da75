// The JSON-RPC methods a task may call: reads only. An allow-list, because nodes add methods over time (the
// `…Sync` send variants are recent) and a deny-list cannot know them. Matched exactly: `ETH_CALL` is not
// `eth_call`, and a node that treats names case-insensitively must not turn a refused name into a send.
// The task path of the RPC gateway uses the same list. docs/security.md explains each choice.

/** Read methods answered by the chain as asked. */
export const READ_METHODS: ReadonlySet<string> = new Set([
  'eth_blockNumber',
  'eth_blobBaseFee',
  'eth_call',
  'eth_chainId',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_syncing',
  'net_version',
  'net_listening',
  'web3_clientVersion',
]);

/** Account discovery answers "no accounts", as a provider without accounts does (viem asks at times). */
export const NO_ACCOUNTS_METHODS: ReadonlySet<string> = new Set(['eth_accounts', 'eth_requestAccounts']);

/**
 * The widest block range one `eth_getLogs` of a task may span (inclusive), as the common hosted providers bound
 * it; a chain's `logsBlockRange` (lib/chains/config.ts) sets its own.
 */
export const MAX_LOG_BLOCK_RANGE = 10_000;
