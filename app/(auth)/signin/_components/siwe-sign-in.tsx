'use client';

import { Loader2, Wallet } from 'lucide-react';
import { signIn } from 'next-auth/react';
import { useState } from 'react';
import { createSiweMessage } from 'viem/siwe';
import { type Connector, useConnect, useSignMessage } from 'wagmi';
import { Button } from '@/components/ui/button';
import { useWalletChoice, WalletChoice } from '@/components/wallet/wallet-choice';
import { type WalletChain, WalletProviders } from '@/components/wallet/wallet-providers';
import { describeWalletError } from '@/components/wallet/wallets';

type Step = 'idle' | 'connecting' | 'signing' | 'verifying';

const STEP_LABEL: Record<Step, string> = {
  idle: 'Sign in with Ethereum',
  connecting: 'Connecting wallet…',
  signing: 'Confirm in your wallet…',
  verifying: 'Verifying signature…',
};

/** A single-use nonce from the server for the message (it expires in minutes and signs in once). */
async function newSignInNonce(): Promise<string> {
  const res = await fetch('/api/siwe/nonce', { method: 'POST' });
  if (res.status === 429)
    throw new Error('Too many sign-in attempts from this network. Wait a minute and retry.');
  if (!res.ok) throw new Error('Sign-in is unavailable right now. Please try again.');
  const { data } = (await res.json()) as { data: { nonce: string } };
  return data.nonce;
}

function SiweButton({ callbackUrl }: { callbackUrl: string }) {
  const choice = useWalletChoice();
  const { wallet } = choice;
  const { mutateAsync: connect } = useConnect();
  const { mutateAsync: signMessage } = useSignMessage();
  const [step, setStep] = useState<Step>('idle');
  const [error, setError] = useState<string | null>(null);

  async function run(connector: Connector) {
    setError(null);
    try {
      setStep('connecting');
      const { accounts, chainId } = await connect({ connector });
      const address = accounts[0];
      const nonce = await newSignInNonce();
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
      setError(describeWalletError(e, 'Sign-in failed.'));
    }
  }

  const busy = step !== 'idle';
  return (
    <div className="grid gap-3">
      <Button size="lg" className="w-full" disabled={busy || !wallet} onClick={() => wallet && run(wallet)}>
        {busy ? <Loader2 className="animate-spin" /> : <Wallet />}
        {STEP_LABEL[step]}
      </Button>
      <WalletChoice {...choice} />
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
