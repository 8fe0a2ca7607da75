import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { formatDuration } from '@/lib/console/format';
import type { ProfileView } from './profile-view';

type NonceBlocked = NonNullable<ProfileView['nonceBlocked']>;

const explanation = ({ nonce, reason, heldForMs }: NonceBlocked) =>
  reason === 'cancellation_pending'
    ? `Tickwork gave up on the transaction at nonce ${nonce} and its cancellation is not mined yet; runs of this account wait.`
    : `The transaction at nonce ${nonce} has not been mined for ${formatDuration(heldForMs)}; runs of this account wait until it is mined or cancelled.`;

/**
 * A "Nonce blocked" badge and why, linking to the execution whose transaction holds the account's nonce. Under
 * the profile's name: the state column stays as narrow as its state badges.
 */
export function NonceBlockedNote({ blocked }: { blocked: NonceBlocked }) {
  return (
    <span className="mt-1 grid gap-1">
      <Badge variant="warning" data-testid="profile-nonce-blocked" data-reason={blocked.reason}>
        Nonce blocked
      </Badge>
      <span
        className="max-w-56 whitespace-normal text-muted-foreground text-xs"
        data-testid="profile-nonce-blocked-reason"
      >
        {explanation(blocked)}{' '}
        {blocked.executionHref && (
          <Link
            href={blocked.executionHref}
            className="whitespace-nowrap underline underline-offset-4 hover:text-foreground"
            data-testid="profile-nonce-blocked-execution"
          >
            View execution
          </Link>
        )}
      </span>
    </span>
  );
}
