'use client';

import { useState } from 'react';
import { SafeTransactionPanel } from '@/app/(safe)/safe/tx/_components/safe-transaction-panel';
import { type WalletChain, WalletProviders } from '@/components/wallet/wallet-providers';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { requestOfDraft } from '@/lib/zodiac/scope-drafts';
import { type CallsDraft, CallsStep, EMPTY_CALLS, type ReleaseOption } from './calls-step';
import { DoneStep } from './done-step';
import { type CreatedProfile, ProfileStep } from './profile-step';
import { SafeStep, type WizardChain } from './safe-step';
import type { SafeReading } from './safe-summary';
import { type Access, type WizardStep, WizardSteps } from './wizard-steps';

/**
 * The Safe profile wizard: Safe → profile → the owners enable Tickwork → active. With Zodiac Roles chosen, the
 * calls the executor's role allows come between the Safe and the profile, and the owners' transaction sets up
 * the Roles modifier and the role.
 */
export function SafeWizard({
  workspaceSlug,
  projectId,
  chains,
  releases,
  initialAccess,
  profilesHref,
}: {
  workspaceSlug: string;
  projectId: string;
  chains: (WalletChain & WizardChain)[];
  releases: ReleaseOption[];
  initialAccess: Access;
  profilesHref: string;
}) {
  const [access, setAccess] = useState<Access>(initialAccess);
  const [step, setStep] = useState<WizardStep>('safe');
  const [choice, setChoice] = useState<{ chainId: number; safe: SafeReading } | null>(null);
  const [calls, setCalls] = useState<CallsDraft>(EMPTY_CALLS);
  const [profile, setProfile] = useState<CreatedProfile | null>(null);
  const [transaction, setTransaction] = useState<SafeTransactionView | null>(null);
  const roles = access === 'roles';

  return (
    <WalletProviders chains={chains}>
      <div className="grid grid-cols-1 gap-6">
        <WizardSteps access={access} current={step} />
        {step === 'safe' && (
          <SafeStep
            workspaceSlug={workspaceSlug}
            chains={chains}
            access={access}
            onAccess={setAccess}
            onChosen={(chosen) => {
              setChoice(chosen);
              setStep(roles ? 'calls' : 'profile');
            }}
          />
        )}
        {step === 'calls' && choice && (
          <CallsStep
            workspaceSlug={workspaceSlug}
            chainId={choice.chainId}
            releases={releases}
            initial={calls}
            onBack={() => setStep('safe')}
            onContinue={(draft) => {
              setCalls(draft);
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
            role={roles ? requestOfDraft(calls.targets, calls.allowances) : undefined}
            profile={profile}
            onCreated={setProfile}
            onBack={() => setStep(roles ? 'calls' : 'safe')}
            onContinue={(view) => {
              setTransaction(view);
              setStep('enable');
            }}
          />
        )}
        {step === 'enable' && transaction && (
          <>
            <p className="max-w-3xl text-muted-foreground text-sm">
              {roles
                ? "The Safe's owners sign one Safe transaction that deploys the Roles modifier, enables it, gives the executor its role and allows the calls you chose: each call is listed below."
                : "The Safe's owners enable the executor as a module with a Safe transaction."}{' '}
              If you own the Safe, connect your wallet and sign it here; otherwise send the signing link to
              the owners. This page moves on by itself once the transaction is executed.
            </p>
            <SafeTransactionPanel initial={transaction} onExecuted={() => setStep('done')} />
          </>
        )}
        {step === 'done' && profile && (
          <DoneStep
            workspaceSlug={workspaceSlug}
            profile={profile}
            access={access}
            profilesHref={profilesHref}
          />
        )}
      </div>
    </WalletProviders>
  );
}
