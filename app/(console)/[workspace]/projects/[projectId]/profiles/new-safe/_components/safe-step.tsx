'use client';

import { ArrowRight } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Select } from '@/components/ui/select';
import { ExistingSafeForm } from './existing-safe-form';
import { NewSafeForm } from './new-safe-form';
import { type RadioCard, RadioCards } from './radio-cards';
import { type SafeReading, SafeSummary } from './safe-summary';
import type { Access } from './wizard-steps';

export type WizardChain = { chainId: number; name: string; testnet: boolean };

const ACCESS: readonly RadioCard<Access>[] = [
  {
    id: 'module',
    label: 'Safe module (full access)',
    hint: 'The executor becomes a module of the Safe: it may make any call from it.',
  },
  {
    id: 'roles',
    label: 'Zodiac Roles (least privilege)',
    hint: 'A Roles modifier lets the executor make only the calls you allow, checked on chain. Gas is sponsored.',
  },
];

const MODES = [
  { id: 'existing', label: 'Use an existing Safe', hint: 'Your Safe is already deployed on this chain.' },
  { id: 'create', label: 'Create a new Safe', hint: 'Pick its owners; your wallet deploys it.' },
] as const;

type Mode = (typeof MODES)[number]['id'];

/**
 * Step 1: Tickwork's access (a module, or a Zodiac Roles role), the chain, then an existing Safe read from it or
 * a new one deployed by the connected wallet.
 */
export function SafeStep({
  workspaceSlug,
  chains,
  access,
  onAccess,
  onChosen,
}: {
  workspaceSlug: string;
  chains: WizardChain[];
  access: Access;
  onAccess: (access: Access) => void;
  onChosen: (choice: { chainId: number; safe: SafeReading }) => void;
}) {
  const [chainId, setChainId] = useState(chains[0].chainId);
  const [mode, setMode] = useState<Mode>('existing');
  const [safe, setSafe] = useState<SafeReading | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Choose the Safe</CardTitle>
        <CardDescription>
          The Safe sends the profile&apos;s transactions and holds its funds; its owners decide what Tickwork
          may do from it.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <div className="grid grid-cols-1 gap-2">
          <p className="font-medium text-sm">Tickwork&apos;s access</p>
          <RadioCards name="safe-access" label="Access" options={ACCESS} value={access} onChange={onAccess} />
        </div>
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
        <RadioCards
          name="safe-mode"
          label="Safe"
          options={MODES}
          value={mode}
          onChange={(next) => {
            setMode(next);
            setSafe(null);
          }}
        />
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
