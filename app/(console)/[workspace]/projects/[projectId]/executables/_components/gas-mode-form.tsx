'use client';

import { type FormEvent, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PRIVATE_SUBMISSION_MODES, type PrivateSubmissionMode, SPONSORSHIP_PROVIDERS } from '@/db/enums';
import { updateGasModeAction } from '../actions';
import { SaveButton, useFacetSave } from './facet-save';
import { costCapText, feeCapText, parseCostCap, parseFeeCap } from './fee-caps';
import type { ExecutableIds } from './ids';
import { PRIVATE_SUBMISSION_LABELS } from './private-submission';
import { DEFAULT_SPONSOR } from './sponsor';

/**
 * Gas mode, its sponsor (sponsored only), the fallback and the fee caps, saved together. The sponsor shows what the
 * record says: its provider, or the default while it names none (the API cannot set it back to none, so the
 * default is offered only then). The caps are typed in gwei and in the native currency (`symbol`), sent in wei.
 */
export function GasModeForm({
  ids,
  gasMode,
  gasFallback,
  sponsorshipProvider,
  maxFeePerGas,
  maxCostPerRun,
  privateSubmission,
  privateEndpoint,
  symbol,
  allowed,
}: {
  ids: ExecutableIds;
  gasMode: string;
  gasFallback: boolean;
  sponsorshipProvider: string | null;
  maxFeePerGas: string | null;
  maxCostPerRun: string | null;
  privateSubmission: PrivateSubmissionMode;
  /** Whether the profile's chain names a private transaction endpoint (else the choice is not offered). */
  privateEndpoint: boolean;
  symbol: string;
  allowed: readonly string[];
}) {
  const [mode, setMode] = useState(gasMode);
  const [fallback, setFallback] = useState(gasFallback);
  const [provider, setProvider] = useState(sponsorshipProvider ?? '');
  const [feeCap, setFeeCap] = useState(feeCapText(maxFeePerGas));
  const [costCap, setCostCap] = useState(costCapText(maxCostPerRun));
  const [route, setRoute] = useState<PrivateSubmissionMode>(privateSubmission);
  const { error, pending, save } = useFacetSave();
  const sponsored = mode === 'sponsored';
  const fee = parseFeeCap(feeCap);
  const cost = parseCostCap(costCap, symbol);
  const submit = (e: FormEvent) => {
    if (!fee.ok || !cost.ok) return e.preventDefault();
    save(
      e,
      () =>
        updateGasModeAction(ids.workspaceSlug, ids.projectId, ids.executableId, {
          gasMode: mode,
          gasFallback: fallback,
          ...(sponsored && provider !== '' && { sponsorshipProvider: provider }),
          maxFeePerGas: fee.wei,
          maxCostPerRun: cost.wei,
          ...(privateEndpoint && { privateSubmission: route }),
        }),
      'Gas mode saved',
    );
  };
  const modes = allowed.includes(gasMode) ? allowed : [gasMode, ...allowed];
  return (
    <form onSubmit={submit} className="grid gap-3">
      <Field label="Gas mode" htmlFor="gas-mode" hint="Limited to the modes the profile's kind allows.">
        <Select id="gas-mode" value={mode} onChange={(e) => setMode(e.target.value)}>
          {modes.map((m) => (
            <option key={m} value={m}>
              {m}
            </option>
          ))}
        </Select>
      </Field>
      {sponsored && (
        <Field
          label="Sponsor"
          htmlFor="gas-sponsor"
          hint={
            sponsorshipProvider === null
              ? 'Pays for sponsored runs. The default is the chain’s own paymaster where it has one, else Pimlico.'
              : 'Pays for sponsored runs.'
          }
        >
          <Select id="gas-sponsor" value={provider} onChange={(e) => setProvider(e.target.value)}>
            {sponsorshipProvider === null && <option value="">{DEFAULT_SPONSOR}</option>}
            {SPONSORSHIP_PROVIDERS.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          id="gas-fallback"
          checked={fallback}
          onChange={(e) => setFallback(e.target.checked)}
          className="size-4 accent-primary"
        />
        Fall back to self-paid gas when sponsorship fails
      </label>
      {privateEndpoint && (
        <Field
          label="Transactions go"
          htmlFor="gas-private-submission"
          hint="The chain names a private endpoint: a transaction sent there is not seen by anyone before it is mined."
        >
          <Select
            id="gas-private-submission"
            value={route}
            onChange={(e) => setRoute(e.target.value as PrivateSubmissionMode)}
          >
            {PRIVATE_SUBMISSION_MODES.map((m) => (
              <option key={m} value={m}>
                {PRIVATE_SUBMISSION_LABELS[m]}
              </option>
            ))}
          </Select>
        </Field>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          label="Max fee per gas (gwei)"
          htmlFor="gas-max-fee"
          hint="The most a run bids per gas. Empty: the chain’s default."
          error={fee.ok ? undefined : fee.error}
        >
          <Input
            id="gas-max-fee"
            inputMode="decimal"
            autoComplete="off"
            placeholder="none"
            aria-invalid={!fee.ok || undefined}
            value={feeCap}
            onChange={(e) => setFeeCap(e.target.value)}
          />
        </Field>
        <Field
          label={`Max cost per run (${symbol})`}
          htmlFor="gas-max-cost"
          hint="Gas limit × max fee per gas, the calls’ value not counted. Empty: none."
          error={cost.ok ? undefined : cost.error}
        >
          <Input
            id="gas-max-cost"
            inputMode="decimal"
            autoComplete="off"
            placeholder="none"
            aria-invalid={!cost.ok || undefined}
            value={costCap}
            onChange={(e) => setCostCap(e.target.value)}
          />
        </Field>
      </div>
      {error && (
        <Alert variant="destructive">
          <span data-testid="gas-mode-error">{error}</span>
        </Alert>
      )}
      <SaveButton pending={pending} disabled={!fee.ok || !cost.ok}>
        Save gas mode
      </SaveButton>
    </form>
  );
}
