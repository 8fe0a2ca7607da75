import { CloudOff, RotateCcw } from 'lucide-react';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/**
 * The signing page when the chain could not be read in time (or is no longer enabled): nothing was signed or
 * sent, so trying again is safe. `retryHref` reloads this page; `backHref` leads to the console.
 */
export function SigningPageProblem({
  problem,
  retryHref,
  backHref,
}: {
  problem: string;
  retryHref: string;
  backHref: string;
}) {
  return (
    <Card data-testid="safe-tx-problem">
      <EmptyState
        icon={CloudOff}
        title="This Safe transaction cannot be shown right now"
        description={<>{problem.charAt(0).toUpperCase() + problem.slice(1)}. Nothing was signed or sent.</>}
        action={
          <div className="flex flex-wrap justify-center gap-2">
            <a href={retryHref} className={buttonVariants({ variant: 'outline' })}>
              <RotateCcw />
              Try again
            </a>
            <Link href={backHref} className={buttonVariants({ variant: 'ghost' })}>
              Back to the console
            </Link>
          </div>
        }
      />
    </Card>
  );
}
