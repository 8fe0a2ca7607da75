// How a run's calls reach the Safe: the executor (an enabled module) calls
// `execTransactionFromModuleReturnData` on the Safe. One call goes as a plain call; a batch is packed for
// MultiSendCallOnly and delegatecalled, so it runs in the Safe's context and reverts as a whole. Values come from
// the Safe's balance. The Safe reports the outcome through its return value and an event, not by reverting.
import {
  type Address,
  decodeFunctionResult,
  encodeFunctionData,
  encodePacked,
  getAddress,
  type Hex,
  hexToBigInt,
  size,
  slice,
} from 'viem';
import type { PlannedCall } from '@/lib/runtime/task-types';
import { CALL, DELEGATE_CALL, multiSendAbi, safeAbi } from './abi';

/**
 * MultiSend's packed layout per call: operation (uint8), to, value, data length, data. Every call is a plain call
 * unless `operation` is DELEGATE_CALL (only MultiSend itself, not MultiSendCallOnly, runs those).
 */
export const encodeMultiSend = (calls: readonly PlannedCall[], operation = CALL): Hex =>
  encodeFunctionData({
    abi: multiSendAbi,
    functionName: 'multiSend',
    args: [
      `0x${calls
        .map((c) =>
          encodePacked(
            ['uint8', 'address', 'uint256', 'uint256', 'bytes'],
            [operation, c.to, BigInt(c.value), BigInt(size(c.data)), c.data],
          ).slice(2),
        )
        .join('')}`,
    ],
  });

/** The one call the executor makes for a batch: to the Safe, no value of its own. */
export function moduleCall(
  safe: Address,
  multiSendCallOnly: Address,
  calls: readonly PlannedCall[],
): PlannedCall {
  const [to, value, data, operation] =
    calls.length === 1
      ? [calls[0].to, BigInt(calls[0].value), calls[0].data, CALL]
      : [multiSendCallOnly, 0n, encodeMultiSend(calls), DELEGATE_CALL];
  return {
    to: safe,
    value: '0',
    data: encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransactionFromModuleReturnData',
      args: [to, value, data, operation],
    }),
  };
}

/** The Safe's answer to a module call: whether the inner call (or batch) succeeded, and its return data. */
export function decodeModuleResult(result: Hex): { success: boolean; returnData: Hex } {
  const [success, returnData] = decodeFunctionResult({
    abi: safeAbi,
    functionName: 'execTransactionFromModuleReturnData',
    data: result,
  });
  return { success, returnData };
}

/** MultiSend's packed transactions: operation (1 byte), to (20), value (32), data length (32), data. */
export function unpackMultiSend(packed: Hex): PlannedCall[] {
  const calls: PlannedCall[] = [];
  let at = 0;
  while (at < size(packed)) {
    const to = getAddress(slice(packed, at + 1, at + 21));
    const value = hexToBigInt(slice(packed, at + 21, at + 53));
    const length = Number(hexToBigInt(slice(packed, at + 53, at + 85)));
    const data = length === 0 ? '0x' : slice(packed, at + 85, at + 85 + length);
    calls.push({ to, value: value.toString(), data });
    at += 85 + length;
  }
  return calls;
}
