'use client';

import { Loader2, Plus, Save, Star, Trash2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { PRIVATE_SUBMISSION_MODES, type PrivateSubmissionMode, SPONSORSHIP_PROVIDERS } from '@/db/enums';
import type { ActionResult } from '@/lib/console/action';
import { isEnvKey } from '@/lib/secrets/env-key';
import {
  updateGasModeAction,
  updatePinnedAction,
  updateProfileAction,
  updateSecretsAction,
} from '../actions';
import { costCapText, feeCapText, parseCostCap, parseFeeCap } from './fee-caps';
import type { ExecutableIds } from './ids';
import {
  type PermissionsRefusal,
  PermissionsRefusalAlert,
  permissionsRefusalOf,
} from './permissions-refusal';
import { PRIVATE_SUBMISSION_LABELS } from './private-submission';
import { DEFAULT_SPONSOR } from './sponsor';

/** A refusal as a sentence, with the service's details spelled out for the codes a form can act on. */
function refusalMessage(result: Extract<ActionResult<unknown>, { ok: false }>) {
  const details = result.details ?? {};
  if (result.code === 'gas_mode_not_allowed') {
    const allowed = Array.isArray(details.allowedGasModes) ? details.allowedGasModes.map(String) : [];
    return `${result.error}${allowed.length ? ` (allowed: ${allowed.join(', ')})` : ''}. Change the gas mode first.`;
  }
  return result.error;
}

/**
 * Saves one facet of an executable: `save(e, update, saved)` runs `update`; a refusal becomes `error` (shown by
 * the form) and, when the profile's permissions refused it, `refusal`; a success clears them and toasts `saved`.
 */
function useFacetSave() {
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<PermissionsRefusal | null>(null);
  const [pending, startTransition] = useTransition();
  const save = (e: FormEvent, update: () => Promise<ActionResult<unknown>>, saved: string) => {
    e.preventDefault();
    startTransition(async () => {
      const result = await update();
      setRefusal(permissionsRefusalOf(result));
      if (!result.ok) return setError(refusalMessage(result));
      setError(null);
      toast.success(saved);
    });
  };
  return { error, refusal, pending, save };
}

function SaveButton({
  pending,
  disabled,
  children,
}: {
  pending: boolean;
  disabled?: boolean;
  children: string;
}) {
  return (
    <div>
      <Button type="submit" size="sm" disabled={pending || disabled}>
        {pending ? <Loader2 className="animate-spin" /> : <Save />}
        {children}
      </Button>
    </div>
  );
}

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

export function ProfileForm({
  ids,
  currentId,
  profiles,
}: {
  ids: ExecutableIds;
  currentId: string;
  profiles: { id: string; label: string }[];
}) {
  const [target, setTarget] = useState(currentId);
  // The profile a refusal was about: the one asked for, not whatever the select shows since.
  const [asked, setAsked] = useState(currentId);
  const { error, refusal, pending, save } = useFacetSave();
  const submit = (e: FormEvent) => {
    setAsked(target);
    save(
      e,
      () => updateProfileAction(ids.workspaceSlug, ids.projectId, ids.executableId, target),
      'Profile saved',
    );
  };
  const options = profiles.some((p) => p.id === currentId)
    ? profiles
    : [{ id: currentId, label: `${currentId} (not active)` }, ...profiles];
  return (
    <form onSubmit={submit} className="grid gap-3">
      <Field label="Profile" htmlFor="executable-profile" hint="Active profiles of this project.">
        <Select id="executable-profile" value={target} onChange={(e) => setTarget(e.target.value)}>
          {options.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      {refusal ? (
        <PermissionsRefusalAlert
          workspaceSlug={ids.workspaceSlug}
          projectId={ids.projectId}
          profileId={asked}
          refusal={refusal}
        />
      ) : (
        error && (
          <Alert variant="destructive" title="Profile not changed">
            <span data-testid="profile-error">{error}</span>
          </Alert>
        )
      )}
      <SaveButton pending={pending} disabled={target === currentId}>
        Save profile
      </SaveButton>
    </form>
  );
}

type Row = { key: number; secretId: string; envKey: string };

export function SecretBindingsForm({
  ids,
  bindings,
  secrets,
}: {
  ids: ExecutableIds;
  bindings: { secretId: string; envKey: string }[];
  secrets: { id: string; name: string }[];
}) {
  const [rows, setRows] = useState<Row[]>(() => bindings.map((b, i) => ({ key: i, ...b })));
  const [nextKey, setNextKey] = useState(bindings.length);
  const { error, pending, save } = useFacetSave();
  const update = (key: number, patch: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...patch } : r)));
  const add = () => {
    setRows((rs) => [...rs, { key: nextKey, secretId: secrets[0]?.id ?? '', envKey: '' }]);
    setNextKey((k) => k + 1);
  };
  const invalid = rows.some((r) => !r.secretId || !isEnvKey(r.envKey));
  const submit = (e: FormEvent) =>
    save(
      e,
      () =>
        updateSecretsAction(
          ids.workspaceSlug,
          ids.projectId,
          ids.executableId,
          rows.map(({ secretId, envKey }) => ({ secretId, envKey })),
        ),
      rows.length ? 'Secret bindings saved' : 'Secret bindings cleared',
    );
  return (
    <form onSubmit={submit} className="grid gap-3">
      {rows.length === 0 && <p className="text-muted-foreground text-sm">No secrets bound.</p>}
      {rows.map((r, i) => {
        const badKey = r.envKey !== '' && !isEnvKey(r.envKey);
        return (
          <div key={r.key} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
            <Select
              aria-label={`Secret ${i + 1}`}
              value={r.secretId}
              onChange={(e) => update(r.key, { secretId: e.target.value })}
            >
              {!secrets.some((s) => s.id === r.secretId) && (
                <option value={r.secretId}>{r.secretId || 'Pick a secret'}</option>
              )}
              {secrets.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name}
                </option>
              ))}
            </Select>
            <div className="grid gap-1">
              <Input
                aria-label={`Env key ${i + 1}`}
                aria-invalid={badKey || undefined}
                placeholder="API_KEY"
                className="font-mono"
                value={r.envKey}
                onChange={(e) => update(r.key, { envKey: e.target.value })}
              />
              {badKey && (
                <p className="text-destructive text-xs" role="alert">
                  A name of letters, digits and _, not starting with a digit (e.g. API_KEY).
                </p>
              )}
            </div>
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              aria-label={`Remove binding ${i + 1}`}
              onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
            >
              <Trash2 />
            </Button>
          </div>
        );
      })}
      {error && <Alert variant="destructive">{error}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={add} disabled={secrets.length === 0}>
          <Plus />
          Add binding
        </Button>
        <Button type="submit" size="sm" disabled={pending || invalid}>
          {pending ? <Loader2 className="animate-spin" /> : <Save />}
          Save secrets
        </Button>
      </div>
      {secrets.length === 0 && (
        <p className="text-muted-foreground text-xs">This project has no secrets; add one on its overview.</p>
      )}
    </form>
  );
}

export function PinToggle({ ids, pinned }: { ids: ExecutableIds; pinned: boolean }) {
  const [pending, startTransition] = useTransition();
  const toggle = () =>
    startTransition(async () => {
      const result = await updatePinnedAction(ids.workspaceSlug, ids.projectId, ids.executableId, !pinned);
      if (!result.ok) return void toast.error(result.error);
      toast.success(result.data.pinned ? 'Pinned' : 'Unpinned');
    });
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon-sm"
      aria-label={pinned ? 'Unpin executable' : 'Pin executable'}
      aria-pressed={pinned}
      data-testid="pin-toggle"
      disabled={pending}
      onClick={toggle}
    >
      {pending ? (
        <Loader2 className="animate-spin" />
      ) : (
        <Star className={pinned ? 'fill-current text-amber-500' : undefined} />
      )}
    </Button>
  );
}
