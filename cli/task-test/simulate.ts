import { type Abi, decodeErrorResult, type Hex, isAddress, numberToHex } from 'viem';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { CliError } from '../output';

// `--simulate --from <address>`: the returned calls from that address on the chain (or the fork) at its latest
// block. As one batch with eth_simulateV1 where the node has it (each call sees what the earlier ones changed,
// as when the service submits them together); else each on its own with eth_call, then eth_estimateGas.

type RpcError = { code?: number; message?: string; data?: unknown };

/** One JSON-RPC request straight to the chain (the task's allow-list is for the task, not for the tool). */
export async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  let body: { result?: unknown; error?: RpcError };
  try {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    body = (await res.json()) as typeof body;
  } catch {
    // Never quote the URL: it can hold an API key.
    throw new CliError(`the chain RPC did not answer ${method}`, { code: 'rpc_unavailable' });
  }
  if (body.error) throw Object.assign(new Error(body.error.message ?? 'RPC error'), { rpc: body.error });
  return body.result;
}

export type SimulatedCall =
  | { index: number; ok: true; gas: string | null }
  | { index: number; ok: false; reason: string; data: Hex | null };

const revertData = (error: RpcError): Hex | null => {
  const data =
    typeof error.data === 'object' && error.data ? (error.data as { data?: unknown }).data : error.data;
  return typeof data === 'string' && /^0x(?:[0-9a-fA-F]{2})*$/.test(data) ? (data as Hex) : null;
};

/** `Error(string)`, `Panic(uint256)` and the ABI's custom errors by name; else the node's own message. */
function revertReason(abi: Abi, error: RpcError): { reason: string; data: Hex | null } {
  const data = revertData(error);
  if (data && data.length >= 10) {
    try {
      const decoded = decodeErrorResult({ abi, data });
      if (decoded.errorName === 'Error') return { reason: String(decoded.args?.[0]), data };
      if (decoded.errorName === 'Panic') return { reason: `panic ${String(decoded.args?.[0])}`, data };
      const args = (decoded.args ?? []).map(String).join(', ');
      return { reason: `${decoded.errorName}(${args})`, data };
    } catch {
      // not an error the ABI knows
    }
  }
  return { reason: error.message ?? 'execution reverted', data };
}

export function checkFrom(from: string | undefined): `0x${string}` {
  if (!from || !isAddress(from, { strict: false }))
    throw new CliError('--simulate needs --from <address>: the account the calls are sent from');
  return from as `0x${string}`;
}

export type Simulation = { mode: 'batch' | 'each'; calls: SimulatedCall[] };

type SimulatedV1 = { status?: string; gasUsed?: string; returnData?: string; error?: RpcError };

/** The batch in one simulated block; null when the node does not offer eth_simulateV1. */
async function simulateBatch(
  rpcUrl: string,
  from: `0x${string}`,
  calls: PlannedCall[],
  abi: Abi,
): Promise<SimulatedCall[] | null> {
  const txs = calls.map((call) => ({
    from,
    to: call.to,
    data: call.data,
    value: numberToHex(BigInt(call.value)),
  }));
  let blocks: unknown;
  try {
    blocks = await rpc(rpcUrl, 'eth_simulateV1', [{ blockStateCalls: [{ calls: txs }] }, 'latest']);
  } catch (error) {
    if ((error as { rpc?: RpcError }).rpc) return null;
    throw error;
  }
  const results = (blocks as { calls?: SimulatedV1[] }[] | null)?.[0]?.calls;
  if (!Array.isArray(results) || results.length !== calls.length) return null;
  return results.map((r, index) =>
    r.status === '0x1'
      ? { index, ok: true, gas: r.gasUsed ? BigInt(r.gasUsed).toString() : null }
      : {
          index,
          ok: false,
          ...revertReason(abi, { message: r.error?.message ?? 'execution reverted', data: r.returnData }),
        },
  );
}

export async function simulateCalls(
  rpcUrl: string,
  from: `0x${string}`,
  calls: PlannedCall[],
  abi: Abi,
): Promise<Simulation> {
  const batch = await simulateBatch(rpcUrl, from, calls, abi);
  if (batch) return { mode: 'batch', calls: batch };
  return { mode: 'each', calls: await simulateEach(rpcUrl, from, calls, abi) };
}

async function simulateEach(
  rpcUrl: string,
  from: `0x${string}`,
  calls: PlannedCall[],
  abi: Abi,
): Promise<SimulatedCall[]> {
  const results: SimulatedCall[] = [];
  for (const [index, call] of calls.entries()) {
    const tx = { from, to: call.to, data: call.data, value: numberToHex(BigInt(call.value)) };
    try {
      await rpc(rpcUrl, 'eth_call', [tx, 'latest']);
      const gas = await rpc(rpcUrl, 'eth_estimateGas', [tx, 'latest']).catch(() => null);
      results.push({ index, ok: true, gas: typeof gas === 'string' ? BigInt(gas).toString() : null });
    } catch (error) {
      const rpcError = (error as { rpc?: RpcError }).rpc;
      if (!rpcError) throw error;
      results.push({ index, ok: false, ...revertReason(abi, rpcError) });
    }
  }
  return results;
}
