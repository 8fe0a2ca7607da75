import { CopyableDetail, Detail } from '@/components/ui/detail';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { describeSafeTransaction } from './describe-safe-transaction';

const OPERATIONS: Record<number, string> = { 0: '0 (call)', 1: '1 (delegatecall)' };

/** The transaction in words, then exactly what the owners sign: the SafeTx fields and its hash. */
export function SafeTransactionDetails({ view }: { view: SafeTransactionView }) {
  const { transaction } = view;
  return (
    <div className="grid grid-cols-1 gap-5">
      <p className="text-sm leading-relaxed [overflow-wrap:anywhere]" data-testid="safe-tx-description">
        {describeSafeTransaction(view)}
      </p>
      <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <CopyableDetail label="Safe" value={view.safe} copyLabel="Copy Safe address" />
        <Detail label="Chain">
          {view.chainName} · {view.chainId} · Safe {view.safeVersion}
        </Detail>
        <CopyableDetail label="To" value={transaction.to} copyLabel="Copy target address" />
        <Detail label="Value">
          <code className="font-mono text-xs">{transaction.value} wei</code>
        </Detail>
        <Detail label="Operation">
          <code className="font-mono text-xs">
            {OPERATIONS[transaction.operation] ?? transaction.operation}
          </code>
        </Detail>
        <Detail label="Safe nonce">
          <code className="font-mono text-xs" data-testid="safe-tx-nonce">
            {transaction.nonce}
          </code>
        </Detail>
        <div className="sm:col-span-2">
          <CopyableDetail label="safeTxHash" value={view.safeTxHash} copyLabel="Copy safeTxHash" />
        </div>
        <div className="sm:col-span-2">
          <Detail label="Data">
            <code className="block break-all rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed">
              {transaction.data}
            </code>
          </Detail>
        </div>
      </dl>
    </div>
  );
}
