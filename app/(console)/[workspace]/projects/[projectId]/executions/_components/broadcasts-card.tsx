import { formatGwei } from 'viem';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { RelativeTime } from '@/components/ui/relative-time';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { BroadcastRecord } from '@/lib/executions/schemas';
import { TxHash } from './tx-hash';

const KIND_LABELS: Record<BroadcastRecord['kind'], string> = {
  original: 'First',
  replacement: 'Re-priced',
  cancellation: 'Cancellation',
};

/** Where it went: the public mempool, the chain's private endpoint, or there first and public after the fallback. */
function routeText(b: BroadcastRecord) {
  if (b.userOpHash) return 'bundler';
  if (b.sentTo === 'public') return 'public mempool';
  return b.publicAt ? 'private endpoint, then public' : 'private endpoint';
}

/** A user operation: its own hash, and under it the bundle transaction that carried it, once included. */
function BroadcastHashes({ b }: { b: BroadcastRecord }) {
  if (!b.userOpHash) return b.txHash ? <TxHash hash={b.txHash} testId="broadcast-tx-hash" /> : null;
  return (
    <>
      <TxHash hash={b.userOpHash} testId="broadcast-user-op-hash" />
      {b.txHash && (
        <span className="block text-muted-foreground text-xs">
          in <TxHash hash={b.txHash} testId="broadcast-tx-hash" />
        </span>
      )}
    </>
  );
}

/** Every transaction (or user operation) the run signed at its nonce, oldest first, the mined one marked. */
export function BroadcastsCard({ broadcasts }: { broadcasts: BroadcastRecord[] }) {
  const operations = broadcasts[0].userOpHash !== null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Broadcasts</CardTitle>
        <CardDescription>
          Each {operations ? 'user operation' : 'transaction'} signed for this run at nonce{' '}
          {broadcasts[0].nonce}: re-priced when the{' '}
          {operations ? 'bundler did not include' : 'chain did not mine'} it, and cleared by a cancellation
          once given up. At most one is mined.
        </CardDescription>
      </CardHeader>
      <CardContent className="overflow-x-auto px-0 pb-0">
        <Table data-testid="execution-broadcasts">
          <TableHeader>
            <TableRow>
              <TableHead>Kind</TableHead>
              <TableHead>{operations ? 'User operation' : 'Transaction'}</TableHead>
              <TableHead className="text-right">Max fee · tip</TableHead>
              <TableHead>Sent</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {broadcasts.map((b) => (
              <TableRow key={b.userOpHash ?? b.txHash}>
                <TableCell>
                  {KIND_LABELS[b.kind]}
                  {b.mined && (
                    <Badge variant="outline" className="ml-2">
                      mined
                    </Badge>
                  )}
                  {b.state === 'refused' && (
                    <Badge variant="outline" className="ml-2">
                      refused
                    </Badge>
                  )}
                </TableCell>
                <TableCell>
                  <BroadcastHashes b={b} />
                </TableCell>
                <TableCell className="text-right font-mono text-xs">
                  {formatGwei(BigInt(b.maxFeePerGas))} · {formatGwei(BigInt(b.maxPriorityFeePerGas))} gwei
                </TableCell>
                <TableCell className="text-muted-foreground text-xs">
                  {b.sentAt ? <RelativeTime value={b.sentAt} /> : 'not yet'}
                  {b.sendCount > 1 && ` · ${b.sendCount}×`}
                  <span className="block" data-testid="broadcast-route">
                    {routeText(b)}
                  </span>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
