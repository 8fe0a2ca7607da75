// Reads a Safe from the chain: what onboarding shows, what a profile records, what a run checks. Any contract
// that is not a Safe 1.3.0 or 1.4.1 is refused with a reason a person understands.
import { type Address, getAddress, isAddressEqual } from 'viem';
import { apiError } from '@/lib/api/errors';
import { publicClientFor } from '@/lib/chains/client';
import type { ChainConfig } from '@/lib/chains/config';
import { isTransportFailure } from '@/lib/chains/submitters/revert';
import { SENTINEL, safeAbi } from './abi';

const SUPPORTED_SAFE_VERSIONS = ['1.3.0', '1.4.1'] as const;

/** A refusal fit for a person: the address is not a usable Safe, or the chain could not be read. */
export class SafeReadError extends Error {
  override name = 'SafeReadError';
  constructor(
    readonly code: 'not_a_contract' | 'not_a_safe' | 'safe_version_unsupported' | 'chain_unavailable',
    message: string,
  ) {
    super(message);
  }
}

export type SafeReading = {
  address: Address;
  version: string;
  owners: Address[];
  threshold: number;
  nonce: bigint;
  modules: Address[];
};

/** Up to this many modules are listed (a Safe with more is unusual; `isModuleEnabled` is what counts). */
const MODULE_PAGE = 50n;

/**
 * How long a request handler waits for the chain (`readSafeOrRefuse`): one try, no retries, so a page over a
 * slow or hanging RPC answers "the chain did not answer" within seconds instead of after viem's 4 × 10 s.
 */
export const REQUEST_READ_TIMEOUT_MS = 6_000;

export async function readSafe(
  chain: ChainConfig,
  address: Address,
  opts: { timeoutMs?: number } = {},
): Promise<SafeReading> {
  const client = publicClientFor(chain, opts);
  const safe = { address, abi: safeAbi } as const;
  const code = await client.getCode({ address }).catch(unavailable);
  if (!code || code === '0x')
    throw new SafeReadError(
      'not_a_contract',
      `there is no contract at ${address} on ${chain.name} (chain ${chain.chainId}): check the address and the chain`,
    );
  let version: string;
  try {
    version = await client.readContract({ ...safe, functionName: 'VERSION' });
  } catch (error) {
    throw notASafe(error, address);
  }
  if (!(SUPPORTED_SAFE_VERSIONS as readonly string[]).includes(version))
    throw new SafeReadError(
      'safe_version_unsupported',
      `this Safe is version ${version.slice(0, 20)}; Tickwork supports Safe ${SUPPORTED_SAFE_VERSIONS.join(' and ')}`,
    );
  try {
    const [owners, threshold, nonce, [modules]] = await Promise.all([
      client.readContract({ ...safe, functionName: 'getOwners' }),
      client.readContract({ ...safe, functionName: 'getThreshold' }),
      client.readContract({ ...safe, functionName: 'nonce' }),
      client.readContract({ ...safe, functionName: 'getModulesPaginated', args: [SENTINEL, MODULE_PAGE] }),
    ]);
    if (owners.length === 0 || threshold === 0n)
      throw new SafeReadError(
        'not_a_safe',
        `the Safe at ${address} is not set up (it has no owners): it may be a Safe singleton rather than a Safe`,
      );
    return {
      address: getAddress(address),
      version,
      owners: owners.map((o) => getAddress(o)),
      threshold: Number(threshold),
      nonce,
      modules: modules.map((m) => getAddress(m)),
    };
  } catch (error) {
    if (error instanceof SafeReadError) throw error;
    throw notASafe(error, address);
  }
}

/** Whether `module` is an enabled module of the Safe, read now. */
export async function isModuleEnabled(chain: ChainConfig, safe: Address, module: Address) {
  return publicClientFor(chain)
    .readContract({ address: safe, abi: safeAbi, functionName: 'isModuleEnabled', args: [module] })
    .catch(unavailable);
}

/** The module before `module` in the Safe's linked list (what `disableModule` needs). */
export function previousModule(reading: SafeReading, module: Address): Address {
  const index = reading.modules.findIndex((m) => isAddressEqual(m, module));
  return index <= 0 ? SENTINEL : reading.modules[index - 1];
}

function unavailable(error: unknown): never {
  throw new SafeReadError(
    'chain_unavailable',
    isTransportFailure(error)
      ? "the chain's RPC endpoint did not answer; try again in a moment"
      : 'the chain could not be read; try again in a moment',
  );
}

function notASafe(error: unknown, address: Address): SafeReadError {
  if (isTransportFailure(error)) return unavailable(error);
  return new SafeReadError(
    'not_a_safe',
    `the contract at ${address} is not a Safe: it does not answer the Safe's VERSION, owners and threshold calls`,
  );
}

/** A SafeReadError as the API's 400 (or 503 when the chain did not answer); anything else is rethrown. */
function safeReadRefusal(error: unknown): never {
  if (!(error instanceof SafeReadError)) throw error;
  if (error.code === 'chain_unavailable') throw apiError('chain_unavailable', error.message);
  throw apiError(error.code, error.message);
}

/** `readSafe` for request handlers: within REQUEST_READ_TIMEOUT_MS, its refusals API errors. */
export const readSafeOrRefuse = (chain: ChainConfig, address: Address) =>
  readSafe(chain, address, { timeoutMs: REQUEST_READ_TIMEOUT_MS }).catch(safeReadRefusal);
