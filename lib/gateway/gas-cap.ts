// The gas cap: calls that execute code on the node (`eth_call`, `eth_estimateGas`, `eth_createAccessList`,
// `eth_simulateV1`) ask for at most the chain's cap, and a call without gas gets the cap. A self-hosted node
// runs what it is asked for: an endless loop with a huge gas limit keeps it busy long after the caller gave up,
// and a few of them freeze it for every tenant. Applied in forwardJsonRpc, the one path of the gateway and of
// tasks' `ctx.chain` to the upstreams.

/** The cap when the chain configures none and its block gas limit is higher or not known yet. */
export const DEFAULT_GAS_CAP = 50_000_000n;

const CALL_METHODS: ReadonlySet<string> = new Set(['eth_call', 'eth_estimateGas', 'eth_createAccessList']);
const SIMULATE_METHOD = 'eth_simulateV1';

/** A chain's cap: its configured `gasCap`, else its block gas limit or 50M, whichever is lower. */
export function gasCapOf(configured: number | undefined, blockGasLimit: bigint | null): bigint {
  if (configured !== undefined) return BigInt(configured);
  return blockGasLimit !== null && blockGasLimit > 0n && blockGasLimit < DEFAULT_GAS_CAP
    ? blockGasLimit
    : DEFAULT_GAS_CAP;
}

/** A JSON-RPC quantity as the node would read it; null when it is not one (the cap then replaces it). */
function quantity(value: unknown): bigint | null {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,64}$/.test(value)) return BigInt(value);
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return null;
}

type JsonObject = Record<string, unknown>;
const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `gas` at most the cap (the cap when absent or unreadable); `gasLimit`, which some nodes take as an alias, goes. */
function capField(target: JsonObject, field: 'gas' | 'gasLimit', cap: bigint): JsonObject {
  const { gasLimit, ...rest } = target;
  const asked = field === 'gas' ? quantity(target.gas ?? gasLimit) : quantity(gasLimit);
  const capped = asked !== null && asked < cap ? asked : cap;
  return field === 'gas'
    ? { ...rest, gas: `0x${capped.toString(16)}` }
    : { ...rest, gasLimit: `0x${capped.toString(16)}` };
}

function capParams(method: string, params: unknown, cap: bigint): unknown {
  if (!Array.isArray(params) || params.length === 0) return params;
  const [first, ...rest] = params;
  if (CALL_METHODS.has(method)) return isObject(first) ? [capField(first, 'gas', cap), ...rest] : params;
  if (method !== SIMULATE_METHOD || !isObject(first) || !Array.isArray(first.blockStateCalls)) return params;
  // Each simulated block's gas limit and each call in it: no call and no block runs above the cap.
  const blockStateCalls = first.blockStateCalls.map((block: unknown) => {
    if (!isObject(block)) return block;
    const calls = Array.isArray(block.calls)
      ? block.calls.map((call: unknown) => (isObject(call) ? capField(call, 'gas', cap) : call))
      : block.calls;
    const overrides = isObject(block.blockOverrides) ? block.blockOverrides : {};
    return { ...block, calls, blockOverrides: capField(overrides, 'gasLimit', cap) };
  });
  return [{ ...first, blockStateCalls }, ...rest];
}

const capEntry = (entry: unknown, cap: bigint): unknown => {
  if (!isObject(entry) || typeof entry.method !== 'string') return entry;
  if (!CALL_METHODS.has(entry.method) && entry.method !== SIMULATE_METHOD) return entry;
  return { ...entry, params: capParams(entry.method, entry.params, cap) };
};

/**
 * Bytes that may hold a capped method: its name, or an escape (`\u005f`) that could spell one. Everything else
 * is forwarded byte for byte without being parsed.
 */
const MARKERS = ['eth_call', 'eth_estimateGas', 'eth_createAccessList', SIMULATE_METHOD, '\\'].map((m) =>
  Buffer.from(m),
);

const mayHoldCappedCall = (body: Buffer) => MARKERS.some((marker) => body.includes(marker));

/**
 * The JSON-RPC body (single or batch) with every capped call's gas at most `cap`. A body that may hold one is
 * parsed (decoded as the gateway decodes it: a leading BOM is dropped) and encoded again, so duplicate keys
 * cannot show the node another request than the one capped; one that does not parse goes out empty, so no node
 * that parses more leniently runs it uncapped. Any other body is returned as it came.
 */
export function capGasInBody(body: string | Uint8Array, cap: bigint): string | Uint8Array {
  const bytes =
    typeof body === 'string' ? Buffer.from(body) : Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (!mayHoldCappedCall(bytes)) return body;
  let parsed: unknown;
  try {
    parsed = JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    return ''; // the node answers a parse error, whatever it would have made of the bytes
  }
  return JSON.stringify(Array.isArray(parsed) ? parsed.map((e) => capEntry(e, cap)) : capEntry(parsed, cap));
}
