import { Badge } from '@/components/ui/badge';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { Progress } from '@/components/ui/progress';
import { RelativeTime } from '@/components/ui/relative-time';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How many signatures the threshold still needs, each owner with their signature (and when) or none yet. */
export function SafeSignatures({ view }: { view: SafeTransactionView }) {
  const former = view.signatures.filter((s) => !s.owner);
  return (
    <div className="grid gap-4">
      <div className="grid gap-2">
        <p className="font-medium text-sm" data-testid="safe-signatures-collected">
          {view.collected} of {view.threshold} signatures collected
        </p>
        <Progress value={view.collected} max={view.threshold} />
      </div>
      <ul className="grid gap-2">
        {view.owners.map((owner) => {
          const signature = view.signatures.find((s) => same(s.signer, owner));
          return (
            <li
              key={owner}
              className="flex items-center justify-between gap-3 text-sm"
              data-testid="safe-owner"
              data-signed={signature ? 'yes' : 'no'}
            >
              <MiddleTruncate value={owner} className="text-xs" />
              {signature ? (
                <span className="flex shrink-0 items-center gap-1.5 text-muted-foreground text-xs">
                  <Badge variant="success">signed</Badge>
                  <RelativeTime value={signature.signedAt} />
                </span>
              ) : (
                <span className="shrink-0 text-muted-foreground text-xs">not signed yet</span>
              )}
            </li>
          );
        })}
        {former.map((s) => (
          <li
            key={s.signer}
            className="flex items-center justify-between gap-3 text-muted-foreground text-sm"
          >
            <MiddleTruncate value={s.signer} className="text-xs line-through" />
            <span className="shrink-0 text-xs">signed, no longer an owner</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
