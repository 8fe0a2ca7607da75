import { cn } from '@/lib/cn';
import { formatAmount } from '@/lib/console/format';

/** An amount of a currency (`value`: the exact decimal, e.g. from viem's formatUnits). */
export type AmountValue = { value: string; symbol: string };

/** "9.9999 ETH", rounded to a sensible precision; the exact value on hover. */
export function Amount({ value, symbol, className }: AmountValue & { className?: string }) {
  return (
    <span className={cn('whitespace-nowrap', className)} title={`${value} ${symbol}`}>
      {formatAmount(value)} {symbol}
    </span>
  );
}
