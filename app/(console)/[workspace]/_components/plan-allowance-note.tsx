// What the plan still allows, under a create button: "2 of 3 executables left on the Free plan", and at none
// left, a link to upgrade. Nothing on a plan without that limit.
import Link from 'next/link';
import type { ReactNode } from 'react';
import { type Allowance, leftOf } from '@/lib/usage/allowances';

export function PlanAllowanceNote({
  workspaceSlug,
  planName,
  allowance,
  noun,
  period = '',
  testId,
  children,
}: {
  workspaceSlug: string;
  planName: string;
  allowance: Allowance;
  /** What is counted, plural: "executables", "uploads". */
  noun: string;
  /** When the allowance renews, if it does: " this cycle". */
  period?: string;
  testId: string;
  /** The create button the note stands under. */
  children: ReactNode;
}) {
  const left = leftOf(allowance);
  if (left === null) return children;
  return (
    <div className="grid justify-items-end gap-1.5">
      {children}
      <p className="text-muted-foreground text-xs" data-testid={testId} data-left={left}>
        {left === 0 ? `No ${noun} left` : `${left} of ${allowance.limit} ${noun} left`}
        {period} on the {planName} plan
        {left === 0 && (
          <>
            {' · '}
            <Link href={`/${workspaceSlug}/settings/plan`} className="font-medium text-foreground underline">
              Upgrade
            </Link>
          </>
        )}
      </p>
    </div>
  );
}
