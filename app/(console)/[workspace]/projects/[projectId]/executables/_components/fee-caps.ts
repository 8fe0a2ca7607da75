import { formatEther, formatGwei, parseEther, parseGwei } from 'viem';

// The gas form's fee caps: typed in gwei (max fee per gas) and in the native currency (max cost per run), sent in
// wei exactly: an amount with more decimals than the unit has is refused, never rounded. Empty means no cap.

export type ParsedCap = { ok: true; wei: string | null } | { ok: false; error: string };

function parseCap(
  text: string,
  decimals: number,
  parse: (amount: string) => bigint,
  unit: string,
): ParsedCap {
  const amount = text.trim();
  if (amount === '') return { ok: true, wei: null };
  if (!new RegExp(`^[0-9]+(\\.[0-9]{1,${decimals}})?$`).test(amount))
    return { ok: false, error: `An amount in ${unit} (at most ${decimals} decimals), or empty for none.` };
  const wei = parse(amount);
  return wei > 0n
    ? { ok: true, wei: wei.toString() }
    : { ok: false, error: 'More than 0, or empty for none.' };
}

export const parseFeeCap = (gwei: string) => parseCap(gwei, 9, parseGwei, 'gwei');
export const parseCostCap = (amount: string, symbol: string) => parseCap(amount, 18, parseEther, symbol);

export const feeCapText = (wei: string | null) => (wei ? formatGwei(BigInt(wei)) : '');
export const costCapText = (wei: string | null) => (wei ? formatEther(BigInt(wei)) : '');
