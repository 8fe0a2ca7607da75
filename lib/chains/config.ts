import { z } from 'zod';
import { AddressSchema } from './address';
import { WeiSchema } from './wei';

/** Where the contracts the profiles rely on are deployed on a configured chain (see `lib/chains/contracts.ts`). */
const ChainContractsSchema = z.object({
  safeSingletonL2: AddressSchema,
  safeProxyFactory: AddressSchema,
  fallbackHandler: AddressSchema,
  multiSend: AddressSchema,
  multiSendCallOnly: AddressSchema,
  signMessageLib: AddressSchema.optional(),
  rolesMastercopy: AddressSchema,
  moduleProxyFactory: AddressSchema,
  entryPoint07: AddressSchema,
  entryPoint08: AddressSchema,
  simple7702Account: AddressSchema,
});

const ChainConfigSchema = z.object({
  chainId: z.number().int().positive(),
  name: z.string().min(1),
  network: z.string().min(1),
  rpcUrl: z.url(),
  /** Fallback upstreams of the RPC gateway, tried after `rpcUrl` by health (docs/gateway.md). */
  rpcUrls: z.array(z.url()).optional(),
  testnet: z.boolean(),
  nativeCurrency: z
    .object({ name: z.string(), symbol: z.string(), decimals: z.number().int() })
    .default({ name: 'Ether', symbol: 'ETH', decimals: 18 }),
  explorerUrl: z.url().nullable().default(null),
  contracts: ChainContractsSchema.optional(),
  /** An ERC-4337 bundler for the chain's user operations (gas modes sponsored / self-funded). */
  bundlerUrl: z.url().optional(),
  /** An ERC-7677 paymaster for sponsored gas when the executable names no sponsorship provider. */
  paymasterUrl: z.url().optional(),
  /**
   * The most gas one `eth_call`, `eth_estimateGas`, `eth_createAccessList` or `eth_simulateV1` call may ask of
   * the chain's upstreams, through the gateway and in tasks (lib/gateway/gas-cap.ts); a call without gas gets
   * it. Default: the chain's block gas limit or 50M, whichever is lower (docs/security.md).
   */
  gasCap: z.number().int().positive().optional(),
  /**
   * What the health poller expects of the chain's head (lib/gateway/head-stall.ts): seconds between blocks
   * (0: the chain mines on demand, its head is never stale; default 12 on Ethereum L1s, else 0) and how long
   * without a new block makes the chain `degraded` (default 5 block times, at least 60 s).
   */
  health: z
    .object({
      blockTimeSeconds: z.number().min(0).optional(),
      headStallSeconds: z.number().positive().optional(),
    })
    .optional(),
  /**
   * The widest block range one `eth_getLogs` of a task may span on this chain (default 10,000, as the common
   * hosted providers bound it): raise it for a node of your own that serves wide ranges (docs/security.md).
   */
  logsBlockRange: z.number().int().min(1).max(100_000_000).optional(),
  /**
   * A private transaction endpoint (Flashbots-Protect-style: takes `eth_sendRawTransaction`, never gossips):
   * runs go there first unless their executable says `privateSubmission: off`, and one not mined within
   * `fallbackAfterBlocks` (default 25) goes to the public mempool too, unless `fallback` is false or the
   * executable says `only` (docs/executions.md#private-submission).
   */
  privateSubmission: z
    .object({
      rpcUrl: z.url(),
      fallbackAfterBlocks: z.number().int().min(1).max(1_000).optional(),
      fallback: z.boolean().optional(),
    })
    .strict()
    .optional(),
  /**
   * How runs bid for gas and what happens to a transaction the chain does not mine (lib/chains/fee-policy.ts has
   * the defaults, docs/executions.md#transaction-lifecycle the meaning). Wei amounts are decimal strings.
   */
  fees: z
    .object({
      /** maxFeePerGas = next base fee × this + tip: room for the base fee to rise while the transaction waits. */
      baseFeeMultiplier: z.number().min(1).max(10).optional(),
      /** The least tip a run offers (some chains, e.g. Polygon PoS, refuse less). */
      priorityFeeFloorWei: WeiSchema.optional(),
      /** The cap of an executable that sets none: no run bids more per gas. */
      maxFeePerGasWei: WeiSchema.optional(),
      /** How long a broadcast transaction may stay unmined before it is re-priced. */
      replacementIntervalSeconds: z.number().positive().max(3_600).optional(),
      maxReplacements: z.number().int().min(0).max(50).optional(),
      /** From the first broadcast: after this, the nonce is cleared by a zero-value self-transfer. */
      ttlSeconds: z
        .number()
        .positive()
        .max(7 * 86_400)
        .optional(),
    })
    .strict()
    .optional(),
  /**
   * Event and block triggers on this chain (lib/triggers/settings.ts has the defaults by chain, docs/triggers.md
   * the meaning): the confirmations a trigger gets when it names none, the most it may ask for, and the depth
   * after which a confirmed run's transaction is re-checked once (finality).
   */
  triggers: z
    .object({
      defaultConfirmations: z.number().int().min(0).optional(),
      maxConfirmations: z.number().int().min(0).optional(),
      finalityDepth: z.number().int().min(1).optional(),
    })
    .optional(),
});

export type ChainConfig = z.infer<typeof ChainConfigSchema>;

export const LOCAL_CHAIN_ID = 31337;
const localRpcUrl = () => process.env.TICKWORK_LOCAL_RPC_URL ?? 'http://127.0.0.1:8545';

let cached: ChainConfig[] | undefined;

/**
 * The deployment's enabled chains: `TICKWORK_CHAINS` (a JSON array of chain configs) when set, else the
 * local anvil chain the start command boots.
 */
export function enabledChains(): ChainConfig[] {
  if (cached) return cached;
  const raw = process.env.TICKWORK_CHAINS;
  cached = raw
    ? z.array(ChainConfigSchema).min(1).parse(JSON.parse(raw))
    : [
        ChainConfigSchema.parse({
          chainId: LOCAL_CHAIN_ID,
          name: 'Anvil (local)',
          network: 'anvil',
          rpcUrl: localRpcUrl(),
          testnet: true,
        }),
      ];
  return cached;
}

export const findChain = (chainId: number) => enabledChains().find((c) => c.chainId === chainId);
