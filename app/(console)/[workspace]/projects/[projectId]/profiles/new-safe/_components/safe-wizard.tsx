'use client';

import { useState } from 'react';
import { SafeTransactionPanel } from '@/app/(safe)/safe/tx/_components/safe-transaction-panel';
import { type WalletChain, WalletProviders } from '@/components/wallet/wallet-providers';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { DoneStep } from './done-step';
import { type CreatedProfile, ProfileStep } from './profile-step';
import { SafeStep, type WizardChain } from './safe-step';
import type { SafeReading } from './safe-summary';
import { type WizardStep, WizardSteps } from './wizard-steps';

/** The Safe profile wizard: Safe → profile → the owners enable Tickwork → active. */
export function SafeWizard({
  workspaceSlug,
  projectId,
  chains,
  profilesHref,
}: {
  workspaceSlug: string;
  projectId: string;
  chains: (WalletChain & WizardChain)[];
  profilesHref: string;
}) {
  const [step, setStep] = useState<WizardStep>('safe');
  const [choice, setChoice] = useState<{ chainId: number; safe: SafeReading } | null>(null);
  const [profile, setProfile] = useState<CreatedProfile | null>(null);
  const [transaction, setTransaction] = useState<SafeTransactionView | null>(null);

  return (
    <WalletProviders chains={chains}>
      <div className="grid grid-cols-1 gap-6">
        <WizardSteps current={step} />
        {step === 'safe' && (
          <SafeStep
            workspaceSlug={workspaceSlug}
            chains={chains}
            onChosen={(chosen) => {
              setChoice(chosen);
              setStep('profile');
            }}
          />
        )}
        {step === 'profile' && choice && (
          <ProfileStep
            workspaceSlug={workspaceSlug}
            projectId={projectId}
            chainId={choice.chainId}
            safe={choice.safe}
            profile={profile}
            onCreated={setProfile}
            onBack={() => setStep('safe')}
            onContinue={(view) => {
              setTransaction(view);
              setStep('enable');
            }}
          />
        )}
        {step === 'enable' && transaction && (
          <>
            <p className="max-w-3xl text-muted-foreground text-sm">
              The Safe&apos;s owners enable the executor as a module with a Safe transaction. If you own the
              Safe, connect your wallet and sign it here; otherwise send the signing link to the owners. This
              page moves on by itself once the transaction is executed.
            </p>
            <SafeTransactionPanel initial={transaction} onExecuted={() => setStep('done')} />
          </>
        )}
        {step === 'done' && profile && (
          <DoneStep workspaceSlug={workspaceSlug} profile={profile} profilesHref={profilesHref} />
        )}
      </div>
    </WalletProviders>
  );
}
