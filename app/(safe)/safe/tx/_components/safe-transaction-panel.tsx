'use client';

import { CircleCheck } from 'lucide-react';
import Link from 'next/link';
import { useEffect, useRef, useState } from 'react';
import { usePolling } from '@/components/hooks/use-polling';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { safeTransactionViewAction } from '../actions';
import { SafeSignatures } from './safe-signatures';
import { SafeSigningActions } from './safe-signing-actions';
import { SafeTransactionDetails } from './safe-transaction-details';
import { SigningLink } from './signing-link';

const POLL_MS = 3_000;

/**
 * A Safe transaction to sign and execute: what it does, who signed, the connected wallet's part. While it
 * collects signatures it is read again every few seconds, so signatures from other owners' browsers and the
 * execution show up on their own; `onExecuted` hears once the chain shows it happened.
 */
export function SafeTransactionPanel({
  initial,
  onExecuted,
}: {
  initial: SafeTransactionView;
  onExecuted?: (view: SafeTransactionView) => void;
}) {
  const [view, setView] = useState(initial);
  const busy = useRef(false);
  usePolling(
    async () => {
      const result = await safeTransactionViewAction(view.id);
      if (result.ok && !busy.current) setView(result.data);
    },
    { active: view.state === 'collecting', intervalMs: POLL_MS },
  );
  const executed = view.state === 'executed';
  useEffect(() => {
    if (executed) onExecuted?.(view);
  }, [executed, onExecuted, view]);

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,340px)]">
      <div className="grid grid-cols-1 gap-6 self-start">
        <StateNotice view={view} />
        <Card>
          <CardHeader>
            <CardTitle>What the owners sign</CardTitle>
          </CardHeader>
          <CardContent>
            <SafeTransactionDetails view={view} />
          </CardContent>
        </Card>
      </div>
      <div className="grid grid-cols-1 gap-6 self-start">
        <Card>
          <CardHeader>
            <CardTitle>Signatures</CardTitle>
          </CardHeader>
          <CardContent>
            <SafeSignatures view={view} />
          </CardContent>
        </Card>
        {view.state === 'collecting' && (
          <Card>
            <CardHeader>
              <CardTitle>Sign and execute</CardTitle>
              <CardDescription>
                Owners sign with their wallet; once enough have, any wallet executes.
              </CardDescription>
            </CardHeader>
            <CardContent className="grid grid-cols-1 gap-5">
              <SafeSigningActions view={view} onView={setView} onBusy={(b) => (busy.current = b)} />
              <div className="grid grid-cols-1 gap-1.5 border-t pt-4">
                <p className="text-muted-foreground text-xs">Signing link, for the other owners</p>
                <SigningLink id={view.id} />
              </div>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}

/** Executed, or no longer signable (the Safe's nonce moved, or a newer transaction replaced it). */
function StateNotice({ view }: { view: SafeTransactionView }) {
  if (view.state === 'executed')
    return (
      <Alert title="Executed on chain">
        <span className="flex items-center gap-2" data-testid="safe-tx-executed">
          <CircleCheck className="size-4 shrink-0 text-success" />
          The Safe executed this transaction.
        </span>
        {view.executedTxHash && <MiddleTruncate value={view.executedTxHash} className="mt-1 text-xs" />}
      </Alert>
    );
  if (view.state === 'collecting') return null;
  return (
    <Alert
      variant="warning"
      title={view.state === 'stale' ? "The Safe's nonce moved" : 'Replaced by a newer transaction'}
    >
      <span data-testid="safe-tx-replaced">
        {view.state === 'stale'
          ? 'The Safe executed another transaction at this nonce, so this one can no longer run. Tickwork prepared it again at the new nonce.'
          : 'Tickwork prepared this transaction again; sign the newer one.'}
      </span>
      {view.replacedBy && (
        <Link
          href={`/safe/tx/${view.replacedBy}`}
          className="mt-1 block font-medium underline underline-offset-4"
        >
          Open the new transaction
        </Link>
      )}
    </Alert>
  );
}
