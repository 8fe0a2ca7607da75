'use client';

import { ArrowLeft, ArrowRight, Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { getAddress, isAddress } from 'viem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { allowancesOf } from '@/lib/zodiac/conditions';
import type { PresetCalls } from '@/lib/zodiac/presets';
import {
  draftFromPermissions,
  functionWords,
  type PermissionCalls,
  scopeOfDraft,
  type TargetDraft,
} from '@/lib/zodiac/scope-drafts';
import { AllowancesEditor } from './allowances-editor';
import { PresetForm } from './preset-form';
import { RolePreview } from './role-preview';
import { TargetEditor } from './target-editor';

export type ReleaseOption = { id: string; label: string; permissions: PermissionCalls | null };

/**
 * The calls being chosen: the release they started from, the targets to allow (functions with their argument
 * conditions), the `$args` ones set aside, and the allowances the conditions spend from.
 */
export type CallsDraft = {
  releaseId: string;
  targets: TargetDraft[];
  argsTargets: TargetDraft[];
  allowances: AllowanceSpec[];
};

export const EMPTY_CALLS: CallsDraft = { releaseId: '', targets: [], argsTargets: [], allowances: [] };

/**
 * Roles, step 2: the calls the executor's role allows. Pre-filled from a release's permissions.json (targets and
 * functions, signatures turned into selectors), editable, and read back in words before anything is created.
 */
export function CallsStep({
  workspaceSlug,
  chainId,
  releases,
  initial,
  onBack,
  onContinue,
}: {
  workspaceSlug: string;
  /** The Safe's chain (the preset form reads tokens there). */
  chainId: number;
  releases: ReleaseOption[];
  initial: CallsDraft;
  onBack: () => void;
  onContinue: (draft: CallsDraft) => void;
}) {
  const [draft, setDraft] = useState(initial);
  const withCalls = releases.filter((r) => (r.permissions?.calls.length ?? 0) > 0);
  const scope = scopeOfDraft(draft.targets);

  const pick = (releaseId: string) => {
    const release = withCalls.find((r) => r.id === releaseId);
    setDraft({ releaseId, ...draftFromPermissions(release?.permissions ?? null), allowances: [] });
  };
  const applyPreset = (preset: PresetCalls) =>
    setDraft({
      releaseId: '',
      ...draftFromPermissions({ calls: preset.calls }),
      allowances: preset.allowances,
    });
  const setTargets = (targets: TargetDraft[]) => setDraft((d) => ({ ...d, targets }));
  const undefinedAllowances = allowancesSpentFrom(draft.targets).filter(
    (name) => !draft.allowances.some((a) => a.name === name),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Calls to allow</CardTitle>
        <CardDescription>
          The executor&apos;s role allows these calls and nothing else: the Roles modifier checks every call
          on chain, with the conditions on their arguments. Start from a release&apos;s permissions.json or a
          preset, then add or remove targets and functions.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-6">
        <Field
          label="Pre-fill from a release"
          htmlFor="role-release"
          className="max-w-md"
          hint={
            withCalls.length === 0
              ? 'No release of this project declares calls in permissions.json: add the calls by hand.'
              : 'Replaces the list below with the calls its permissions.json declares.'
          }
        >
          <Select
            id="role-release"
            value={draft.releaseId}
            disabled={withCalls.length === 0}
            onChange={(e) => pick(e.target.value)}
          >
            <option value="">None</option>
            {withCalls.map((r) => (
              <option key={r.id} value={r.id}>
                {r.label}
              </option>
            ))}
          </Select>
        </Field>

        <PresetForm workspaceSlug={workspaceSlug} chainId={chainId} onApply={applyPreset} />

        <div className="grid grid-cols-1 gap-3">
          <p className="font-medium text-sm">Targets</p>
          {draft.targets.length === 0 ? (
            <p className="text-muted-foreground text-sm">No target yet.</p>
          ) : (
            <ul className="grid grid-cols-1 gap-3">
              {draft.targets.map((target) => (
                <TargetEditor
                  key={target.to}
                  target={target}
                  allowances={draft.allowances}
                  onChange={(next) => setTargets(draft.targets.map((t) => (t.to === target.to ? next : t)))}
                  onRemove={() => setTargets(draft.targets.filter((t) => t.to !== target.to))}
                />
              ))}
            </ul>
          )}
          <AddTargetForm
            targets={draft.targets}
            onAdd={(to) => setTargets([...draft.targets, { to, functions: [] }])}
          />
        </div>

        <AllowancesEditor
          allowances={draft.allowances}
          usedBy={(name) => functionsSpending(draft.targets, name)}
          undefinedNames={undefinedAllowances}
          onChange={(allowances) => setDraft((d) => ({ ...d, allowances }))}
        />

        {draft.argsTargets.length > 0 && (
          <Alert variant="warning" title="Not allowed in advance">
            <div className="grid gap-1.5" data-testid="role-args-targets">
              <ul className="grid gap-0.5">
                {draft.argsTargets.map((t) => (
                  <li key={t.to} className="[overflow-wrap:anywhere]">
                    <code className="font-mono text-xs">{t.to}</code>:{' '}
                    {t.functions.map(functionWords).join(', ')}
                  </li>
                ))}
              </ul>
              <p>
                The release takes these targets from each executable&apos;s args, so their addresses are not
                known yet and cannot be scoped now. When an executable sets one, creating it names the missing
                call and offers to allow it.
              </p>
            </div>
          </Alert>
        )}

        <RolePreview scope={draft.targets} allowances={draft.allowances} />
      </CardContent>
      <CardFooter className="justify-between">
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft />
          Back
        </Button>
        <Button
          disabled={scope.length === 0 || undefinedAllowances.length > 0}
          onClick={() => onContinue(draft)}
        >
          Continue
          <ArrowRight />
        </Button>
      </CardFooter>
    </Card>
  );
}

/** The allowances the targets' conditions spend from, each once. */
const allowancesSpentFrom = (targets: readonly TargetDraft[]) => [
  ...new Set(targets.flatMap((t) => t.functions.flatMap((f) => allowancesOf(f.conditions)))),
];

/** The functions whose conditions spend from allowance `name`, by signature. */
const functionsSpending = (targets: readonly TargetDraft[], name: string) =>
  targets.flatMap((t) =>
    t.functions
      .filter((f) => allowancesOf(f.conditions).includes(name))
      .map((f) => f.signature ?? f.selector),
  );

function AddTargetForm({ targets, onAdd }: { targets: TargetDraft[]; onAdd: (to: string) => void }) {
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const text = address.trim();
    if (!isAddress(text, { strict: false })) return setError('A 20-byte 0x address.');
    const to = getAddress(text);
    if (targets.some((t) => t.to === to)) return setError('This target is listed already.');
    setError(null);
    setAddress('');
    onAdd(to);
  };

  return (
    <form onSubmit={add}>
      <Field
        label="Add a target"
        htmlFor="role-new-target"
        error={error ?? undefined}
        hint="A contract the executor may call, or an account it may send ether to (selector 0x00000000)."
      >
        <div className="flex gap-2">
          <Input
            id="role-new-target"
            spellCheck={false}
            className="font-mono"
            placeholder="0x…"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!address.trim()}>
            <Plus />
            Add target
          </Button>
        </div>
      </Field>
    </form>
  );
}
