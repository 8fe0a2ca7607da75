// /safe/tx/{id} — public: a Safe transaction Tickwork prepared, for the Safe's owners to sign and any wallet to
// execute. Readable by anyone with the link, without signing in.
import type { Metadata } from 'next';
import { Alert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { WalletProviders } from '@/components/wallet/wallet-providers';
import { getDb } from '@/db/client';
import { ApiError } from '@/lib/api/errors';
import { findChain } from '@/lib/chains/config';
import { orNotFound } from '@/lib/console/not-found';
import { walletChain } from '@/lib/console/wallet-chains';
import { getSafeTransactionView } from '@/lib/profiles/safe-transactions';
import { SafeReadError } from '@/lib/safe/read';
import { PURPOSE_TITLE } from '../_components/purpose-titles';
import { SafeTransactionPanel } from '../_components/safe-transaction-panel';

// A link for the owners, not a page for search engines.
export const metadata: Metadata = { title: 'Safe transaction', robots: { index: false, follow: false } };

/** The view, or why it cannot be shown (the chain did not answer, or is no longer enabled); unknown ids are 404. */
async function load(id: string) {
  try {
    return { view: await orNotFound(getSafeTransactionView(getDb(), id)) };
  } catch (error) {
    if (error instanceof SafeReadError || (error instanceof ApiError && error.status < 500))
      return { problem: error.message };
    throw error;
  }
}

export default async function SafeTransactionPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const { view, problem } = await load(id);
  const chain = view && findChain(view.chainId);
  if (!view || !chain)
    return (
      <Alert variant="destructive" title="This Safe transaction cannot be shown right now">
        {problem}
      </Alert>
    );
  return (
    <>
      <PageHeader
        eyebrow="Safe transaction"
        title={PURPOSE_TITLE[view.purpose]}
        description="Tickwork prepared this transaction for the Safe's owners. Check what it does, sign it with an owner's wallet, and execute it once enough owners have signed."
      />
      <WalletProviders chains={[walletChain(chain)]}>
        <SafeTransactionPanel key={view.id} initial={view} />
      </WalletProviders>
    </>
  );
}
