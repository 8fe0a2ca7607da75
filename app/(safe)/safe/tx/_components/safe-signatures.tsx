import { Badge } from '@/components/ui/badge';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { RelativeTime } from '@/components/ui/relative-time';
import { cn } from '@/lib/cn';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** How many signatures the threshold still needs, each owner with their signature (and when) or none yet. */
export function SafeSignatures({ view }: { view: SafeTransactionView }) {
  const former = view.signatures.filter((s) => !s.owner);
  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="grid grid-cols-1 gap-2">
        <p className="font-medium text-sm" data-testid="safe-signatures-collected">
          {view.collected} of {view.threshold} signatures collected
        </p>
        <div className="flex gap-1" aria-hidden>
          {Array.from({ length: view.threshold }, (_, i) => i).map((i) => (
            <span
              key={i}
              className={cn('h-1.5 flex-1 rounded-full', i < view.collected ? 'bg-primary' : 'bg-muted')}
            />
          ))}
        </div>
      </div>
      <ul className="grid grid-cols-1 gap-2">
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
