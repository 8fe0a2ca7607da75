import { RelativeTime } from '@/components/ui/relative-time';
import type { AllowanceView } from './profile-view';

/**
 * A roles profile's allowances as the chain holds them now: what is left of each amount, its period, and when
 * it refills. Runs that would spend more than what is left fail in simulation until then.
 */
export function RoleAllowances({ allowances }: { allowances: AllowanceView[] | null }) {
  if (allowances === null)
    return <span className="text-muted-foreground text-xs">allowances: the chain did not answer</span>;
  if (allowances.length === 0) return null;
  return (
    <ul className="grid gap-0.5 text-muted-foreground text-xs" data-testid="profile-allowances">
      {allowances.map((a) => (
        <li key={a.name} className="[overflow-wrap:anywhere]" data-testid="profile-allowance">
          allowance “{a.name}”: {a.balance} of {a.amount} left per {a.period}
          {a.nextRefillAt !== null && (
            <>
              , refills <RelativeTime value={new Date(a.nextRefillAt)} />
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
