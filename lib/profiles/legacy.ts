import { getChainContracts } from '@/lib/chains/contracts';

const OFF = new Set(['0', 'false', 'off', 'no']);

/**
 * Whether the API may create legacy (EIP-7702) profiles on a chain: `TICKWORK_LEGACY_PROFILES` switches the
 * path off for the whole deployment (`false`/`0`/`off`); otherwise it is on wherever the chain has a
 * `Simple7702Account` delegate recorded (`getChainContracts`), since provisioning needs one.
 */
export function legacyProfilesEnabled(chainId: number): boolean {
  const setting = process.env.TICKWORK_LEGACY_PROFILES?.trim().toLowerCase();
  if (setting && OFF.has(setting)) return false;
  return Boolean(getChainContracts(chainId)?.simple7702Account);
}
