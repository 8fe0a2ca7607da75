import { CopyableDetail, Detail } from '@/components/ui/detail';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { scopeSize } from '@/lib/zodiac/scope-drafts';

const OPERATIONS: Record<number, string> = { 0: '0 (call)', 1: '1 (delegatecall)' };

/** What a delegatecall (operation 1) lets run as the Safe, in words, by which of Safe's contracts it targets. */
function delegatecallWords(target: SafeTransactionView['delegatecallTarget'], calls: number) {
  switch (target) {
    case 'multiSendCallOnly':
      return `operation 1 lets the Safe run Safe's MultiSendCallOnly contract as its own code. It makes the ${calls} calls listed above one after another, each a plain call from the Safe, in one transaction, and it cannot make a delegatecall itself.`;
    case 'signMessageLib':
      return "operation 1 lets the Safe run Safe's SignMessageLib as its own code: it marks the message above as signed by the Safe, in the Safe's own storage. That is all it can do.";
    case 'multiSend':
      return "operation 1 lets the Safe run Safe's MultiSend contract as its own code, which runs the steps listed above in turn; each step is a delegatecall to Safe's SignMessageLib, which marks one message as signed by the Safe.";
    default:
      return "operation 1 lets the target's code act as the Safe itself, with all its funds and settings. Sign it only if you trust that code with the whole Safe.";
  }
}

/**
 * The transaction in words, call by call (a batch unpacked), and for a roles transaction what the role allows
 * once it is executed, its conditions in words and (folded) raw (for a self-call allowance, a warning of what it
 * hands over); then exactly what the owners sign: the SafeTx fields and its hash.
 */
export function SafeTransactionDetails({ view }: { view: SafeTransactionView }) {
  const { transaction, calls, scope } = view;
  return (
    <div className="grid grid-cols-1 gap-5">
      <div className="grid grid-cols-1 gap-2">
        <p className="text-muted-foreground text-xs">
          {calls.length === 1
            ? 'What it does'
            : `What it does: ${calls.length} calls, made together in one transaction`}
        </p>
        <ol
          className="grid list-decimal grid-cols-1 gap-1.5 pl-5 text-sm leading-relaxed marker:text-muted-foreground"
          data-testid="safe-tx-calls"
        >
          {calls.map((call, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the calls are positions in the batch
            <li key={i} className="[overflow-wrap:anywhere]" data-testid="safe-tx-call">
              {call.description}
            </li>
          ))}
        </ol>
      </div>
      {view.purpose === 'allow_self_calls' && (
        <p className="rounded-lg border border-destructive/50 p-4 text-sm" data-testid="safe-tx-self-calls">
          Once executed, Tickwork&apos;s module may make these calls to this Safe, its Roles modifier or its
          executor: calls that can change who controls the Safe. Tickwork refuses them until the Safe has
          signed this; the only way to withdraw it is to disable the module.
        </p>
      )}
      {scope && view.purpose !== 'allow_self_calls' && (
        <div className="grid grid-cols-1 gap-2 rounded-lg border bg-muted/30 p-4" data-testid="safe-tx-scope">
          <p className="font-medium text-sm">
            Once executed, Tickwork&apos;s role allows {scope.length === 0 ? 'no call' : scopeSize(scope)}
          </p>
          <ul className="grid grid-cols-1 gap-1 text-sm">
            {(view.scopeWords ?? []).map((words) => (
              <li key={words} className="[overflow-wrap:anywhere]">
                {words}
              </li>
            ))}
            {view.allowances.map((words) => (
              <li key={words} className="[overflow-wrap:anywhere]" data-testid="safe-tx-allowance">
                Spending counted against {words}
              </li>
            ))}
          </ul>
          <p className="text-muted-foreground text-xs">
            Nothing else: the Roles modifier refuses every other call on chain.
          </p>
          {view.scopeConditions.length > 0 && (
            <details className="text-sm" data-testid="safe-tx-raw-conditions">
              <summary className="cursor-pointer text-muted-foreground text-xs">
                The conditions as the Roles modifier checks them
              </summary>
              <div className="mt-2 grid grid-cols-1 gap-3">
                {view.scopeConditions.map(({ call, condition }) => (
                  <div key={call} className="grid grid-cols-1 gap-1">
                    <p className="[overflow-wrap:anywhere] text-xs">{call}</p>
                    <pre className="max-h-64 overflow-auto rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed">
                      {condition}
                    </pre>
                  </div>
                ))}
              </div>
            </details>
          )}
        </div>
      )}
      {transaction.operation === 1 && (
        <p className="rounded-lg border bg-muted/30 p-4 text-sm" data-testid="safe-tx-delegatecall">
          <span className="font-medium">Why a delegatecall: </span>
          {delegatecallWords(view.delegatecallTarget, calls.length)}
        </p>
      )}
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
            <code className="block max-h-48 overflow-y-auto break-all rounded-md bg-muted px-3 py-2 font-mono text-xs leading-relaxed">
              {transaction.data}
            </code>
          </Detail>
        </div>
      </dl>
    </div>
  );
}
