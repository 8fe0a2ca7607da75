import { decodeFunctionData, type Hex, isAddressEqual } from 'viem';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { safeAbi } from '@/lib/safe/abi';

export const PURPOSE_TITLE: Record<SafeTransactionView['purpose'], string> = {
  enable_module: 'Enable Tickwork on this Safe',
  disable_module: "Revoke Tickwork's access to this Safe",
  setup_roles: 'Set up a Zodiac Roles modifier for Tickwork on this Safe',
  change_role: "Change the calls Tickwork's role allows",
};

function decodeSafeCall(data: Hex) {
  try {
    return decodeFunctionData({ abi: safeAbi, data });
  } catch {
    return null;
  }
}

/** What the owners agree to, in words, from the decoded call (Tickwork prepares module changes only). */
export function describeSafeTransaction({ safe, transaction }: SafeTransactionView): string {
  const call = isAddressEqual(transaction.to, safe) ? decodeSafeCall(transaction.data) : null;
  if (call?.functionName === 'enableModule')
    return `Enable ${call.args[0]} as a module of Safe ${safe}: it will be able to execute any transaction from the Safe.`;
  if (call?.functionName === 'disableModule')
    return `Disable the module ${call.args[1]} of Safe ${safe}: it will no longer be able to execute transactions from the Safe.`;
  return `A call to ${transaction.to} that Tickwork cannot put in words: check the raw data below.`;
}
