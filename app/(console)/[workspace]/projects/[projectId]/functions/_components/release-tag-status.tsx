import { Badge } from '@/components/ui/badge';
import type { Reservation } from './use-version-reservation';

/** Under the name and tag: a new function starts at v1; an existing one shows its suggested and reserved tags. */
export function ReleaseTagStatus({
  name,
  reservation,
  taken,
  tagTaken,
  onUseSuggested,
}: {
  name: string;
  reservation: Reservation | null;
  taken: string[];
  tagTaken: boolean;
  onUseSuggested: (tag: string) => void;
}) {
  if (!name || !reservation) return null;
  if (!reservation.exists) {
    return (
      <p className="-mt-2 text-muted-foreground text-xs" data-testid="release-tag-status">
        <Badge variant="success" className="mr-1.5">
          New function
        </Badge>
        A new name starts at <span className="font-mono">v1</span>.
      </p>
    );
  }
  return (
    <div className="-mt-2 grid gap-1.5 text-xs" data-testid="release-tag-status">
      <p className="text-muted-foreground">
        <Badge className="mr-1.5">New version</Badge>
        <span className="font-mono">{name}</span> exists. Suggested tag{' '}
        <button
          type="button"
          className="font-medium font-mono text-primary hover:underline"
          onClick={() => onUseSuggested(reservation.suggestedVersionTag)}
        >
          {reservation.suggestedVersionTag}
        </button>
        .
      </p>
      <p className="flex flex-wrap items-center gap-1 text-muted-foreground">
        Reserved:
        {taken.map((t) => (
          <Badge key={t} variant="secondary" className="font-mono">
            {t}
          </Badge>
        ))}
        <span className="opacity-80">(deleted tags stay reserved)</span>
      </p>
      {tagTaken && (
        <p className="text-[oklch(0.48_0.12_65)]">
          This tag is taken: only the identical ZIP can be uploaded under it again.
        </p>
      )}
    </div>
  );
}
