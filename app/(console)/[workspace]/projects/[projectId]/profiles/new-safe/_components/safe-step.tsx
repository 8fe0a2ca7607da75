'use client';

import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { ExistingSafeForm } from './existing-safe-form';
import { NewSafeForm } from './new-safe-form';
import { type SafeReading, SafeSummary } from './safe-summary';

export type WizardChain = { chainId: number; name: string; testnet: boolean };

const MODES = [
  { id: 'existing', label: 'Use an existing Safe', hint: 'Your Safe is already deployed on this chain.' },
  { id: 'create', label: 'Create a new Safe', hint: 'Pick its owners; your wallet deploys it.' },
] as const;

type Mode = (typeof MODES)[number]['id'];

/** Step 1: the chain, then an existing Safe read from it or a new one deployed by the connected wallet. */
export function SafeStep({
  workspaceSlug,
  chains,
  onChosen,
}: {
  workspaceSlug: string;
  chains: WizardChain[];
  onChosen: (choice: { chainId: number; safe: SafeReading }) => void;
}) {
  const [chainId, setChainId] = useState(chains[0].chainId);
  const [mode, setMode] = useState<Mode>('existing');
  const [safe, setSafe] = useState<SafeReading | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose the Safe</CardTitle>
        <CardDescription>The Safe sends the profile&apos;s transactions and holds its funds.</CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <Field label="Chain" htmlFor="safe-chain" className="max-w-sm">
          <Select
            id="safe-chain"
            value={chainId}
            onChange={(e) => {
              setChainId(Number(e.target.value));
              setSafe(null);
            }}
          >
            {chains.map((c) => (
              <option key={c.chainId} value={c.chainId}>
                {c.name} · {c.chainId}
                {c.testnet ? ' (testnet)' : ''}
              </option>
            ))}
          </Select>
        </Field>
        <div role="radiogroup" aria-label="Safe" className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {MODES.map((m) => (
            <label
              key={m.id}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-4 transition-colors hover:bg-muted/50',
                mode === m.id && 'border-primary bg-accent/40',
              )}
            >
              <input
                type="radio"
                name="safe-mode"
                className="mt-0.5 accent-primary"
                checked={mode === m.id}
                onChange={() => {
                  setMode(m.id);
                  setSafe(null);
                }}
              />
              <span className="grid gap-0.5">
                <span className="font-medium text-sm">{m.label}</span>
                <span className="text-muted-foreground text-xs">{m.hint}</span>
              </span>
            </label>
          ))}
        </div>
        {mode === 'existing' ? (
          <ExistingSafeForm key={chainId} workspaceSlug={workspaceSlug} chainId={chainId} onRead={setSafe} />
        ) : (
          <NewSafeForm key={chainId} workspaceSlug={workspaceSlug} chainId={chainId} onDeployed={setSafe} />
        )}
        {safe && <SafeSummary safe={safe} />}
      </CardContent>
      <CardFooter className="justify-end">
        <Button disabled={!safe} onClick={() => safe && onChosen({ chainId, safe })}>
          Continue
          <ArrowRight />
        </Button>
      </CardFooter>
    </Card>
  );
}
