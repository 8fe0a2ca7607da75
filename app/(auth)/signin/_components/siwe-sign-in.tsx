'use client';

import { Loader2, Wallet } from 'lucide-react';
import { getCsrfToken, signIn } from 'next-auth/react';
import { useEffect, useState } from 'react';
import { BaseError } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import { type Connector, useConnect, useConnectors, useSignMessage } from 'wagmi';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { type WalletChain, WalletProviders } from './wallet-providers';

type Step = 'idle' | 'connecting' | 'signing' | 'verifying';

const STEP_LABEL: Record<Step, string> = {
  idle: 'Sign in with Ethereum',
  connecting: 'Connecting wallet…',
  signing: 'Confirm in your wallet…',
  verifying: 'Verifying signature…',
};

function describeWalletError(error: unknown): string {
  if (error instanceof BaseError) {
    const rejected = error.walk((e) => (e as { code?: unknown }).code === 4001);
    if (rejected) return 'The request was declined in your wallet.';
    return error.shortMessage;
  }
  return error instanceof Error ? error.message : 'Sign-in failed.';
}

/** EIP-6963 wallets first; the generic injected connector only when nothing announced itself. */
function usableWallets(connectors: readonly Connector[]): Connector[] {
  const announced = connectors.filter((c) => c.id !== 'injected');
  if (announced.length > 0) return announced;
  return 'ethereum' in window ? connectors.filter((c) => c.id === 'injected') : [];
}

/** A wallet's EIP-6963 icon (a data URI), drawn as a background so no image pipeline is involved. */
function WalletIcon({ src, className }: { src: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block shrink-0 rounded-sm bg-center bg-contain bg-no-repeat', className)}
      style={{ backgroundImage: `url(${JSON.stringify(src)})` }}
    />
  );
}

function SiweButton({ callbackUrl }: { callbackUrl: string }) {
  const connectors = useConnectors();
  const { mutateAsync: connect } = useConnect();
  const { mutateAsync: signMessage } = useSignMessage();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  // Wallets exist only in the browser: render the detected list after hydration.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);

  const wallets = mounted ? usableWallets(connectors) : [];
  const wallet = wallets.find((w) => w.uid === chosen) ?? wallets[0];

  async function run(connector: Connector) {
    setError(null);
    try {
      setStep('connecting');
      const { accounts, chainId } = await connect({ connector });
      const address = accounts[0];
      const nonce = await getCsrfToken();
      const now = new Date();
      const message = createSiweMessage({
        domain: window.location.host,
        address,
        statement: 'Sign in to Tickwork.',
        uri: window.location.origin,
        version: '1',
        chainId,
        nonce,
        issuedAt: now,
        expirationTime: new Date(now.getTime() + 10 * 60 * 1000),
      });
      setStep('signing');
      const signature = await signMessage({ message, account: address, connector });
      setStep('verifying');
      const result = await signIn('siwe', { message, signature, redirect: false });
      if (!result?.ok || result.error)
        throw new Error('That signature could not be verified. Please try again.');
      window.location.assign(callbackUrl);
    } catch (e) {
      setStep('idle');
      setError(describeWalletError(e));
    }
  }

  const busy = step !== 'idle';
  return (
    <div className="grid gap-3">
      <Button size="lg" className="w-full" disabled={busy || !wallet} onClick={() => wallet && run(wallet)}>
        {busy ? <Loader2 className="animate-spin" /> : <Wallet />}
        {STEP_LABEL[step]}
      </Button>
      {wallets.length > 1 && (
        <div className="grid gap-1.5">
          <p className="text-muted-foreground text-xs">Wallet</p>
          <div className="flex flex-wrap gap-2">
            {wallets.map((w) => (
              <button
                key={w.uid}
                type="button"
                onClick={() => setChosen(w.uid)}
                className={cn(
                  'inline-flex items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm transition-colors hover:bg-muted',
                  w.uid === wallet?.uid && 'border-primary bg-accent text-accent-foreground',
                )}
              >
                {w.icon && <WalletIcon src={w.icon} className="size-4" />}
                {w.name}
              </button>
            ))}
          </div>
        </div>
      )}
      {wallets.length === 1 && wallet && (
        <p className="flex items-center justify-center gap-2 text-muted-foreground text-xs">
          {wallet.icon && <WalletIcon src={wallet.icon} className="size-3.5" />}
          Using {wallet.name}
        </p>
      )}
      {mounted && wallets.length === 0 && (
        <p className="rounded-lg border border-dashed px-4 py-3 text-center text-muted-foreground text-sm">
          No browser wallet detected. Install one such as MetaMask or Rabby, then reload this page.
        </p>
      )}
      {error && (
        <p role="alert" className="text-center text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

export function SiweSignIn({ callbackUrl, chains }: { callbackUrl: string; chains: WalletChain[] }) {
  return (
    <WalletProviders chains={chains}>
      <SiweButton callbackUrl={callbackUrl} />
    </WalletProviders>
  );
}
