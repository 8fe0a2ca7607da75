import { CopyButton } from '@/components/ui/copy-button';
import { shortHash } from '@/lib/console/format';

/** A transaction hash, shortened (whole on hover), with a copy button. */
export function TxHash({
  hash,
  full = false,
  testId = 'execution-tx-hash',
}: {
  hash: string;
  full?: boolean;
  testId?: string;
}) {
  return (
    <span className="flex items-center gap-1">
      <code className="min-w-0 break-all font-mono text-xs" title={hash} data-testid={testId}>
        {full ? hash : shortHash(hash)}
      </code>
      <CopyButton value={hash} label="Copy transaction hash" iconOnly variant="ghost" />
    </span>
  );
}
