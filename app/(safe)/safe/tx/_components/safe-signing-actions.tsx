'use client';

import { Loader2, PenLine, Send } from 'lucide-react';
import { useState } from 'react';
import type { Hex } from 'viem';
import { useConnection, useSendTransaction, useSignTypedData } from 'wagmi';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { ConnectWallet } from '@/components/wallet/connect-wallet';
import { useWalletOnChain } from '@/components/wallet/use-wallet-on-chain';
import { describeWalletError } from '@/components/wallet/wallets';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { addSafeSignatureAction, reportSafeExecutionAction, safeTransactionViewAction } from '../actions';
import { walletTypedData } from './wallet-typed-data';

type Step = 'idle' | 'switching' | 'signing' | 'saving' | 'executing' | 'reporting';

const STEP_LABEL: Record<Exclude<Step, 'idle'>, string> = {
  switching: 'Switch the network in your wallet…',
  signing: 'Confirm the signature in your wallet…',
  saving: 'Saving the signature…',
  executing: 'Confirm the transaction in your wallet…',
  reporting: 'Reporting the execution…',
};

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/**
 * The connected wallet's part: an owner who has not signed signs (and executes at once when that signature
 * completes the threshold); once the threshold is met, any wallet executes. `onView` receives every newer view;
 * `busy` tells the page's polling to leave the view alone meanwhile.
 */
export function SafeSigningActions({
  view,
  onView,
  onBusy,
}: {
  view: SafeTransactionView;
  onView: (view: SafeTransactionView) => void;
  onBusy: (busy: boolean) => void;
}) {
  const connection = useConnection();
  const onChain = useWalletOnChain();
  const { mutateAsync: signTypedData } = useSignTypedData();
  const { mutateAsync: sendTransaction } = useSendTransaction();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<Hex | null>(null);

  const account = connection.address;
  const isOwner = !!account && view.owners.some((o) => same(o, account));
  const signed = !!account && view.signatures.some((s) => same(s.signer, account));
  const completes = view.collected + 1 >= view.threshold;

  const run = async (work: () => Promise<void>) => {
    setError(null);
    onBusy(true);
    try {
      await work();
    } catch (e) {
      setError(describeWalletError(e));
      // The refusal may come from a change on chain (the nonce moved): show the transaction as it is now.
      const fresh = await safeTransactionViewAction(view.id);
      if (fresh.ok) onView(fresh.data);
    } finally {
      setStep('idle');
      onBusy(false);
    }
  };

  const execute = async (current: SafeTransactionView) => {
    if (!current.execution) return;
    setStep('switching');
    await onChain(current.chainId);
    setStep('executing');
    const hash = await sendTransaction({
      ...current.execution,
      value: 0n,
      chainId: current.chainId,
      account,
    });
    setStep('reporting');
    setSent(hash);
    const result = await reportSafeExecutionAction(current.id, hash);
    if (!result.ok) throw new Error(result.error);
    onView(result.data);
  };

  const sign = (thenExecute: boolean) =>
    run(async () => {
      setStep('switching');
      await onChain(view.chainId);
      setStep('signing');
      const signature = await signTypedData({ ...walletTypedData(view), account });
      setStep('saving');
      const result = await addSafeSignatureAction(view.id, signature);
      if (!result.ok) throw new Error(result.error);
      onView(result.data);
      if (thenExecute) await execute(result.data);
    });

  if (view.state !== 'collecting') return null;
  const busy = step !== 'idle';
  const needed = view.threshold - view.collected;

  return (
    <div className="grid grid-cols-1 gap-4">
      <ConnectWallet />
      {busy && (
        <p className="flex items-center gap-2 text-muted-foreground text-sm" role="status">
          <Loader2 className="size-4 animate-spin" />
          {STEP_LABEL[step]}
        </p>
      )}
      {!busy && sent && (
        <div className="grid grid-cols-1 gap-1 text-sm" role="status" data-testid="safe-execution-sent">
          <p className="flex items-center gap-2 text-muted-foreground">
            <Loader2 className="size-4 animate-spin" />
            Execution sent; waiting for the chain to show it…
          </p>
          <MiddleTruncate value={sent} className="text-muted-foreground text-xs" />
        </div>
      )}
      {!busy && !sent && account && (
        <div className="grid grid-cols-1 gap-2">
          {view.execution ? (
            <>
              <Button onClick={() => run(() => execute(view))}>
                <Send />
                Execute
              </Button>
              <p className="text-muted-foreground text-xs">
                The threshold is met: the connected wallet sends the Safe transaction and pays its gas.
              </p>
            </>
          ) : isOwner && !signed ? (
            <>
              <Button onClick={() => sign(completes)}>
                <PenLine />
                {completes ? 'Sign and execute' : 'Sign'}
              </Button>
              {completes && (
                <Button variant="outline" onClick={() => sign(false)}>
                  Sign only
                </Button>
              )}
              <p className="text-muted-foreground text-xs">
                Signing is free: your wallet signs the Safe transaction (EIP-712); nothing is sent until it is
                executed.
              </p>
            </>
          ) : isOwner ? (
            <p className="text-muted-foreground text-sm" data-testid="safe-signing-status">
              You signed. Waiting for {needed} more {needed === 1 ? 'signature' : 'signatures'}.
            </p>
          ) : (
            <p className="text-muted-foreground text-sm" data-testid="safe-signing-status">
              The connected account is not an owner of this Safe: connect an owner&apos;s wallet to sign.
            </p>
          )}
        </div>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
    </div>
  );
}
