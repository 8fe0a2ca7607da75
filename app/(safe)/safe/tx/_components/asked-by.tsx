import { ArrowLeft } from 'lucide-react';
import Link from 'next/link';
import type { SafeTransactionAsker } from '@/lib/profiles/safe-transaction-asker';

/** Who asks the owners to sign, and the way back to the console page it came from (members only). */
export function AskedBy({ asker }: { asker: SafeTransactionAsker }) {
  return (
    <div className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border bg-muted/30 px-4 py-3 text-sm">
      <p className="min-w-0 [overflow-wrap:anywhere]" data-testid="safe-tx-asker">
        Asked by the workspace <strong className="font-medium">{asker.workspace.name}</strong>, project{' '}
        <strong className="font-medium">{asker.project.name}</strong>, for the profile{' '}
        <strong className="font-medium">{asker.profile.name}</strong>.
      </p>
      <Link
        href={asker.consoleUrl}
        className="inline-flex shrink-0 items-center gap-1 font-medium text-primary hover:underline"
      >
        <ArrowLeft className="size-3.5" />
        Back to the console
      </Link>
    </div>
  );
}
