'use client';

import { ArrowLeft, ArrowRight, Plus, Trash2, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { getAddress, isAddress } from 'viem';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { MiddleTruncate } from '@/components/ui/middle-truncate';
import { Select } from '@/components/ui/select';
import type { AllowanceSpec } from '@/lib/zodiac/allowance-spec';
import { conditionsWords } from '@/lib/zodiac/conditions';
import type { PresetCalls } from '@/lib/zodiac/presets';
import {
  addFunction,
  draftFromPermissions,
  functionOf,
  functionWords,
  type PermissionCalls,
  scopeOfDraft,
  type TargetDraft,
} from '@/lib/zodiac/scope-drafts';
import { PresetForm } from './preset-form';
import { RolePreview } from './role-preview';

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
  releases,
  initial,
  onBack,
  onContinue,
}: {
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

        <PresetForm onApply={applyPreset} />

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
        <Button disabled={scope.length === 0} onClick={() => onContinue(draft)}>
          Continue
          <ArrowRight />
        </Button>
      </CardFooter>
    </Card>
  );
}

/** One target: its functions (signature and selector), each removable, and a field to add one. */
function TargetEditor({
  target,
  onChange,
  onRemove,
}: {
  target: TargetDraft;
  onChange: (target: TargetDraft) => void;
  onRemove: () => void;
}) {
  const [ref, setRef] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (e: FormEvent) => {
    e.preventDefault();
    const fn = functionOf(ref);
    if (!fn)
      return setError('A function signature like transfer(address,uint256) or a selector like 0xa9059cbb.');
    setError(null);
    setRef('');
    onChange(addFunction(target, fn));
  };

  return (
    <li
      className="grid grid-cols-1 gap-3 rounded-lg border p-4"
      data-testid="role-target"
      data-target={target.to}
    >
      <div className="flex items-center justify-between gap-2">
        <MiddleTruncate value={target.to} className="font-medium text-sm" />
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-muted-foreground hover:text-destructive"
          aria-label={`Remove target ${target.to}`}
          onClick={onRemove}
        >
          <Trash2 />
        </Button>
      </div>
      {target.functions.length === 0 ? (
        <p className="text-muted-foreground text-xs">
          No function yet: until one is added, this target is left out.
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-1">
          {target.functions.map((fn) => {
            const name = fn.signature ?? fn.selector;
            return (
              <li
                key={fn.selector}
                className="flex items-center justify-between gap-3 rounded-md bg-muted/50 py-1 pr-1 pl-3"
                data-testid="role-function"
              >
                <span className="flex min-w-0 flex-wrap items-baseline gap-x-3">
                  <code className="font-mono text-xs [overflow-wrap:anywhere]">
                    {fn.signature ?? (fn.selector === '0x00000000' ? 'plain transfer' : 'unnamed function')}
                  </code>
                  <code className="font-mono text-muted-foreground text-xs">{fn.selector}</code>
                  {fn.conditions?.some(Boolean) && (
                    <span
                      className="basis-full text-muted-foreground text-xs"
                      data-testid="role-function-conditions"
                    >
                      {conditionsWords(fn.signature, fn.conditions)}
                    </span>
                  )}
                </span>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Remove ${name} from ${target.to}`}
                  onClick={() =>
                    onChange({
                      ...target,
                      functions: target.functions.filter((f) => f.selector !== fn.selector),
                    })
                  }
                >
                  <X />
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <form onSubmit={add} className="grid grid-cols-1 gap-1.5">
        <div className="flex gap-2">
          <Input
            aria-label={`Function to allow on ${target.to}`}
            aria-invalid={error ? true : undefined}
            spellCheck={false}
            className="font-mono"
            placeholder="transfer(address,uint256) or 0xa9059cbb"
            value={ref}
            onChange={(e) => setRef(e.target.value)}
          />
          <Button type="submit" variant="outline" disabled={!ref.trim()}>
            <Plus />
            Add function
          </Button>
        </div>
        {error && (
          <p className="text-destructive text-xs" role="alert">
            {error}
          </p>
        )}
      </form>
    </li>
  );
}

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
