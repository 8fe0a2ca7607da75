// /safe/tx/{id} — public: a Safe transaction Tickwork prepared, for the Safe's owners to sign and any wallet to
// execute. Readable by anyone with the link, without signing in; it says who asks (workspace, project, profile).
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { PageHeader } from '@/components/ui/page-header';
import { WalletProviders } from '@/components/wallet/wallet-providers';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { orNotFound } from '@/lib/console/not-found';
import { walletChain } from '@/lib/console/wallet-chains';
import { safeTransactionAsker } from '@/lib/profiles/safe-transaction-asker';
import { getSafeTransactionView } from '@/lib/profiles/safe-transactions';
import { SafeReadError } from '@/lib/safe/read';
import { AskedBy } from '../_components/asked-by';
import { PURPOSE_TITLE } from '../_components/purpose-titles';
import { SafeTransactionPanel } from '../_components/safe-transaction-panel';
import { SigningPageProblem } from '../_components/signing-page-problem';

// A link for the owners, not a page for search engines.
export const metadata: Metadata = { title: 'Safe transaction', robots: { index: false, follow: false } };

/**
 * The view, or why it cannot be shown: the chain did not answer within the request deadline (lib/safe/read.ts),
 * or is no longer enabled. Unknown ids are 404.
 */
async function load(id: string) {
  try {
    return { view: await orNotFound(getSafeTransactionView(getDb(), id)) };
  } catch (error) {
    const refused = error instanceof ApiError && (error.status < 500 || error.code === 'chain_unavailable');
    if (error instanceof SafeReadError || refused) return { problem: (error as Error).message };
    throw error;
  }
}

export default async function SafeTransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const asker = await safeTransactionAsker(getDb(), id);
  if (!asker) notFound();
  const { view, problem } = await load(id);
  const chain = view && findChain(view.chainId);
  if (!view || !chain)
    return (
      <>
        <AskedBy asker={asker} />
        <SigningPageProblem
          problem={problem ?? 'the chain of this Safe is no longer enabled'}
          retryHref={`/safe/tx/${id}`}
          backHref={asker.consoleUrl}
        />
      </>
    );
  return (
    <>
      <PageHeader
        eyebrow="Safe transaction"
        title={PURPOSE_TITLE[view.purpose]}
        description="Tickwork prepared this transaction for the Safe's owners. Check what it does, sign it with an owner's wallet, and execute it once enough owners have signed."
      />
      <AskedBy asker={asker} />
      <WalletProviders chains={[walletChain(chain)]}>
        <SafeTransactionPanel key={view.id} initial={view} />
      </WalletProviders>
    </>
  );
}
