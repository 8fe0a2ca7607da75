'use client';

import { CircleCheck, Loader2, Plus, Rocket, Sparkles, X } from 'lucide-react';
import { useEffect, useState, useTransition } from 'react';
import type { Hex } from 'viem';
import { useConnection, useSendTransaction } from 'wagmi';
import { usePolling } from '@/components/hooks/use-polling';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { Select } from '@/components/ui/select';
import { ConnectWallet } from '@/components/wallet/connect-wallet';
import { useWalletOnChain } from '@/components/wallet/use-wallet-on-chain';
import { describeWalletError } from '@/components/wallet/wallets';
import { predictSafeAction, readSafeAction } from '../actions';
import type { SafeReading } from './safe-summary';

type Prediction = Extract<Awaited<ReturnType<typeof predictSafeAction>>, { ok: true }>['data'];

const WAIT_POLL_MS = 1_500;

/**
 * A new Safe: owners (the connected wallet first) and a threshold; Tickwork predicts its address before anyone
 * pays gas, then the connected wallet sends the factory transaction and the form waits until the chain shows
 * the Safe.
 */
export function NewSafeForm({
  workspaceSlug,
  chainId,
  onDeployed,
}: {
  workspaceSlug: string;
  chainId: number;
  onDeployed: (safe: SafeReading) => void;
}) {
  const connection = useConnection();
  const onChain = useWalletOnChain();
  const { mutateAsync: sendTransaction } = useSendTransaction();
  const [owners, setOwners] = useState(['']);
  const [threshold, setThreshold] = useState(1);
  const [prediction, setPrediction] = useState<Prediction | null>(null);
  const [sent, setSent] = useState<Hex | null>(null);
  const [deployed, setDeployed] = useState(false);
  const [deploying, setDeploying] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();

  const account = connection.address;
  useEffect(() => {
    if (account) setOwners((list) => (list.length === 1 && list[0] === '' ? [account] : list));
  }, [account]);

  usePolling(
    async () => {
      if (!prediction) return;
      const result = await readSafeAction(workspaceSlug, { chainId, address: prediction.address });
      if (!result.ok) return;
      setDeployed(true);
      onDeployed(result.data);
    },
    { active: !!sent && !deployed, intervalMs: WAIT_POLL_MS },
  );

  const edit = (next: string[], nextThreshold = threshold) => {
    setOwners(next);
    setThreshold(Math.min(nextThreshold, next.length));
    setPrediction(null);
    setError(null);
  };

  const predict = () =>
    startTransition(async () => {
      setError(null);
      const result = await predictSafeAction(workspaceSlug, {
        chainId,
        owners: owners.map((o) => o.trim()),
        threshold,
      });
      if (!result.ok) {
        const owner = result.field?.match(/^owners\.(\d+)$/);
        return setError(owner ? `Owner ${Number(owner[1]) + 1} ${result.error}` : result.error);
      }
      setPrediction(result.data);
    });

  const deploy = async () => {
    if (!prediction) return;
    setError(null);
    setDeploying(true);
    try {
      await onChain(chainId);
      const { to, data } = prediction;
      setSent(await sendTransaction({ to, data, value: 0n, chainId, account }));
    } catch (e) {
      setError(describeWalletError(e));
    } finally {
      setDeploying(false);
    }
  };

  const locked = deploying || !!sent;
  return (
    <div className="grid grid-cols-1 gap-5">
      <ConnectWallet />
      <fieldset className="grid grid-cols-1 gap-2" disabled={locked}>
        <legend className="mb-2 font-medium text-sm">Owners</legend>
        {owners.map((owner, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions in the list being edited
          <div key={i} className="flex gap-2">
            <Input
              aria-label={`Owner ${i + 1}`}
              spellCheck={false}
              className="font-mono"
              placeholder="0x…"
              value={owner}
              onChange={(e) => edit(owners.map((o, j) => (j === i ? e.target.value : o)))}
            />
            {owners.length > 1 && (
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove owner ${i + 1}`}
                onClick={() => edit(owners.filter((_, j) => j !== i))}
              >
                <X />
              </Button>
            )}
          </div>
        ))}
        <Button
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => edit([...owners, ''])}
        >
          <Plus />
          Add owner
        </Button>
      </fieldset>
      <Field
        label="Threshold"
        htmlFor="safe-threshold"
        hint="How many owners must sign each Safe transaction."
        className="max-w-56"
      >
        <Select
          id="safe-threshold"
          disabled={locked}
          value={threshold}
          onChange={(e) => edit(owners, Number(e.target.value))}
        >
          {Array.from({ length: owners.length }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {n} of {owners.length}
            </option>
          ))}
        </Select>
      </Field>
      {!prediction ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={pending || owners.some((o) => !o.trim())}
          onClick={predict}
        >
          {pending ? <Loader2 className="animate-spin" /> : <Sparkles />}
          Predict address
        </Button>
      ) : (
        <div className="grid grid-cols-1 gap-3 rounded-lg border bg-muted/30 p-4">
          <div className="grid grid-cols-1 gap-1">
            <p className="text-muted-foreground text-xs">The Safe will be created at</p>
            <MiddleTruncate
              value={prediction.address}
              className="text-sm"
              data-testid="safe-predicted-address"
            />
          </div>
          {sent ? (
            <div className="grid grid-cols-1 gap-1 text-sm" role="status">
              <p className="flex items-center gap-2 text-muted-foreground">
                {deployed ? (
                  <CircleCheck className="size-4 text-success" />
                ) : (
                  <Loader2 className="size-4 animate-spin" />
                )}
                {deployed
                  ? 'Deployed: the chain shows the Safe.'
                  : 'Waiting for the Safe to appear on chain…'}
              </p>
              <MiddleTruncate value={sent} className="text-muted-foreground text-xs" />
            </div>
          ) : (
            <>
              <p className="text-muted-foreground text-xs">
                Nothing was sent yet. Deploying sends one transaction from the connected wallet to the Safe
                factory; that wallet pays the gas.
              </p>
              <Button className="justify-self-start" disabled={deploying || !account} onClick={deploy}>
                {deploying ? <Loader2 className="animate-spin" /> : <Rocket />}
                Deploy Safe
              </Button>
            </>
          )}
        </div>
      )}
      {error && <Alert variant="destructive">{error}</Alert>}
    </div>
  );
}
