'use client';

import { Loader2, Unplug, Wallet } from 'lucide-react';
import { useState } from 'react';
import { useConnect, useConnection, useDisconnect } from 'wagmi';
import { Button } from '@/components/ui/button';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { useWalletChoice, WalletChoice, WalletIcon } from './wallet-choice';
import { describeWalletError } from './wallets';

/** Connects a browser wallet, or shows the connected account with a way to disconnect it. */
export function ConnectWallet() {
  const connection = useConnection();
  const choice = useWalletChoice();
  const { mutateAsync: connect, isPending } = useConnect();
  const { mutate: disconnect } = useDisconnect();
  const [error, setError] = useState<string | null>(null);

  if (connection.status === 'connected')
    return (
      <div className="flex items-center justify-between gap-3 rounded-lg border bg-muted/40 px-3 py-2">
        <span className="flex min-w-0 items-center gap-2 text-sm">
          {connection.connector.icon && <WalletIcon src={connection.connector.icon} className="size-4" />}
          <MiddleTruncate value={connection.address} className="text-xs" data-testid="connected-account" />
        </span>
        <Button variant="ghost" size="sm" onClick={() => disconnect()}>
          <Unplug />
          Disconnect
        </Button>
      </div>
    );

  const start = async () => {
    if (!choice.wallet) return;
    setError(null);
    try {
      await connect({ connector: choice.wallet });
    } catch (e) {
      setError(describeWalletError(e, 'The wallet did not connect.'));
    }
  };
  return (
    <div className="grid grid-cols-1 gap-3">
      <Button variant="outline" disabled={isPending || !choice.wallet} onClick={start}>
        {isPending ? <Loader2 className="animate-spin" /> : <Wallet />}
        Connect wallet
      </Button>
      <WalletChoice {...choice} />
      {error && (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      )}
    </div>
  );
}
