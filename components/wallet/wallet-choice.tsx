'use client';

import { useEffect, useState } from 'react';
import { type Connector, useConnectors } from 'wagmi';
import { cn } from '@/lib/cn';
import { usableWallets } from './wallets';

/** A wallet's EIP-6963 icon (a data URI), drawn as a background so no image pipeline is involved. */
export function WalletIcon({ src, className }: { src: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('inline-block shrink-0 rounded-sm bg-center bg-contain bg-no-repeat', className)}
      style={{ backgroundImage: `url(${JSON.stringify(src)})` }}
    />
  );
}

/**
 * The browser's wallets and the one picked (the first until the person picks another). Wallets exist only in
 * the browser: the list is empty until hydration, and `mounted` tells "none detected" from "not looked yet".
 */
export function useWalletChoice() {
  const connectors = useConnectors();
  const [chosen, setChosen] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const wallets = mounted ? usableWallets(connectors) : [];
  const wallet = wallets.find((w) => w.uid === chosen) ?? wallets[0];
  return { wallets, wallet, choose: setChosen, mounted };
}

/** Below a connect button: the wallets to pick from, the one in use, or that none was detected. */
export function WalletChoice({
  wallets,
  wallet,
  choose,
  mounted,
}: {
  wallets: Connector[];
  wallet: Connector | undefined;
  choose: (uid: string) => void;
  mounted: boolean;
}) {
  if (wallets.length > 1)
    return (
      <div className="grid gap-1.5">
        <p className="text-muted-foreground text-xs">Wallet</p>
        <div className="flex flex-wrap gap-2">
          {wallets.map((w) => (
            <button
              key={w.uid}
              type="button"
              onClick={() => choose(w.uid)}
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
    );
  if (wallet)
    return (
      <p className="flex items-center justify-center gap-2 text-muted-foreground text-xs">
        {wallet.icon && <WalletIcon src={wallet.icon} className="size-3.5" />}
        Using {wallet.name}
      </p>
    );
  if (!mounted) return null;
  return (
    <p className="rounded-lg border border-dashed px-4 py-3 text-center text-muted-foreground text-sm">
      No browser wallet detected. Install one such as MetaMask or Rabby, then reload this page.
    </p>
  );
}
