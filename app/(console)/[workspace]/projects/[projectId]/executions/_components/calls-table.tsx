import { formatEther } from 'viem';
import { Amount } from '@/components/ui/amount';
import { CopyButton } from '@/components/ui/copy-button';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { Execution } from './model';

type Call = NonNullable<Execution['calls']>[number];

/**
 * The calls the task asked for: target (cut in the middle where the column is narrow), the function (its
 * signature when the release's permissions.json names it, else the selector) and value (wei, in the native unit).
 */
export function CallsTable({
  calls,
  symbol,
  signatures = new Map(),
}: {
  calls: Call[];
  symbol: string;
  /** Function signatures by selector (`signaturesBySelector` of the release's permissions.json). */
  signatures?: ReadonlyMap<string, string>;
}) {
  return (
    <Table>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">#</TableHead>
          <TableHead>To</TableHead>
          <TableHead>Function</TableHead>
          <TableHead className="text-right">Value</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {calls.map((call, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the order is the identity
          <TableRow key={i} data-testid="execution-call">
            <TableCell className="text-muted-foreground text-xs tabular-nums">{i + 1}</TableCell>
            <TableCell className="w-full max-w-0">
              <span className="flex items-center gap-1">
                <MiddleTruncate value={call.to} className="text-xs" />
                <CopyButton value={call.to} label="Copy target address" iconOnly variant="ghost" />
              </span>
            </TableCell>
            <TableCell>
              {call.selector && call.selector !== '0x' ? (
                <code
                  className="rounded bg-muted px-1.5 py-0.5 font-mono text-xs"
                  title={call.selector}
                  data-testid="call-function"
                >
                  {signatures.get(call.selector) ?? call.selector}
                </code>
              ) : (
                <span className="text-muted-foreground text-xs">none (plain transfer)</span>
              )}
            </TableCell>
            <TableCell className="text-right font-mono text-xs tabular-nums">
              <Amount value={formatEther(BigInt(call.value || '0'))} symbol={symbol} />
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
