'use client';

import { Plus } from 'lucide-react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { type FormEvent, useState, useTransition } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogBody, FormDialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { ProfileKind } from '@/db/enums';
import { GAS_MODES_BY_KIND } from '@/lib/executables/gas-modes';
import { createExecutableAction } from '../actions';
import { ArgsEditor } from './args-editor';
import { argsProblems } from './args-problems';
import { startingArgsOf } from './args-schema';
import type { ChainOption } from './chain-draft';
import type { FieldError } from './chain-trigger-fields';
import {
  type PermissionsRefusal,
  PermissionsRefusalAlert,
  permissionsRefusalOf,
} from './permissions-refusal';
import { draftProblem, NEW_TRIGGER, type TriggerDraft, triggerOf } from './schedule';
import { TriggerEditor } from './trigger-editor';

export type FunctionOption = { id: string; label: string; schema: string | null; defaultArgs: string | null };
export type ProfileOption = { id: string; label: string; kind: ProfileKind; chainId: number };

export function CreateExecutableDialog({
  workspaceSlug,
  projectId,
  functions,
  profiles,
  chains,
}: {
  workspaceSlug: string;
  projectId: string;
  functions: FunctionOption[];
  profiles: ProfileOption[];
  chains: ChainOption[];
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [functionId, setFunctionId] = useState(functions[0]?.id ?? '');
  const [profileId, setProfileId] = useState(profiles[0]?.id ?? '');
  const [trigger, setTrigger] = useState<TriggerDraft>(NEW_TRIGGER);
  const [args, setArgs] = useState(() => startingArgsOf(functions[0]));
  // Every args problem shows once submitted; before, only those of the fields visited (a schema's required
  // keys are not a mistake on open).
  const [argsChecked, setArgsChecked] = useState(false);
  const [gasMode, setGasMode] = useState('');
  const [error, setError] = useState<FieldError>(null);
  // A permissions refusal, with the profile it was about (the fields may change after it).
  const [refusal, setRefusal] = useState<{ profileId: string; refusal: PermissionsRefusal } | null>(null);
  const [pending, startTransition] = useTransition();

  const release = functions.find((f) => f.id === functionId);
  const profile = profiles.find((p) => p.id === profileId);
  const modes = profile ? GAS_MODES_BY_KIND[profile.kind] : [];
  const argsInvalid = argsProblems(args, release?.schema ?? null).length > 0;
  const invalid =
    !name.trim() ||
    !release ||
    !profile ||
    draftProblem(trigger) !== undefined ||
    (argsChecked && argsInvalid);

  // Another release starts from its own args, unless the args were edited.
  const chooseFunction = (id: string) => {
    if (args === startingArgsOf(release)) setArgs(startingArgsOf(functions.find((f) => f.id === id)));
    setFunctionId(id);
  };

  const toggle = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setError(null);
      setRefusal(null);
      setArgsChecked(false);
    }
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (argsInvalid) return setArgsChecked(true);
    startTransition(async () => {
      const result = await createExecutableAction(workspaceSlug, projectId, {
        name,
        functionId,
        profileId,
        trigger: triggerOf(trigger),
        args,
        gasMode,
      });
      const refused = permissionsRefusalOf(result);
      setRefusal(refused && { profileId, refusal: refused });
      if (!result.ok) return setError({ field: result.field, message: result.error, code: result.code });
      toast.success(`Executable ${result.data.name} created`, { description: 'Building its sandbox.' });
      toggle(false);
      router.push(`/${workspaceSlug}/projects/${projectId}/executables/${result.data.id}`);
    });
  };

  const disabledReason =
    functions.length === 0
      ? 'Upload a function release first.'
      : profiles.length === 0
        ? 'Create a profile and wait until it is active.'
        : null;

  return (
    <>
      <Button size="sm" onClick={() => toggle(true)}>
        <Plus />
        New executable
      </Button>
      <Dialog
        open={open}
        onOpenChange={toggle}
        title="New executable"
        description="Runs a function release on a schedule or on chain events, sending its calls with a profile."
        className="max-w-xl"
      >
        <form onSubmit={submit}>
          <DialogBody>
            {disabledReason && <Alert variant="warning">{disabledReason}</Alert>}
            <Field label="Name" htmlFor="executable-name">
              <Input
                id="executable-name"
                autoFocus
                required
                maxLength={100}
                placeholder="Rebalance vault"
                value={name}
                onChange={(e) => setName(e.target.value)}
              />
            </Field>
            <div className="grid grid-cols-2 gap-3">
              <Field label="Function" htmlFor="executable-function">
                <Select
                  id="executable-function"
                  value={functionId}
                  onChange={(e) => chooseFunction(e.target.value)}
                >
                  {functions.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.label}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Profile" htmlFor="executable-profile">
                <Select
                  id="executable-profile"
                  value={profileId}
                  onChange={(e) => setProfileId(e.target.value)}
                >
                  {profiles.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.label}
                    </option>
                  ))}
                </Select>
              </Field>
            </div>
            <TriggerEditor
              id="executable-trigger"
              draft={trigger}
              onChange={setTrigger}
              chain={{ workspaceSlug, chains, profileChainId: profile?.chainId ?? null }}
              error={error}
              onError={setError}
            />
            <ArgsEditor
              id="executable-args"
              value={args}
              onChange={setArgs}
              schema={release?.schema ?? null}
              showAll={argsChecked}
            />
            <Field
              label="Gas mode"
              htmlFor="executable-gas"
              hint="Default: sponsored for Zodiac Roles profiles, self for the others."
            >
              <Select id="executable-gas" value={gasMode} onChange={(e) => setGasMode(e.target.value)}>
                <option value="">Default</option>
                {modes.map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </Select>
            </Field>
            {refusal ? (
              <PermissionsRefusalAlert
                workspaceSlug={workspaceSlug}
                projectId={projectId}
                profileId={refusal.profileId}
                refusal={refusal.refusal}
              />
            ) : (
              error &&
              !error.field?.startsWith('trigger.') && (
                <Alert variant="destructive">
                  {error.message}
                  {error.code === 'plan_limit_exceeded' && (
                    <>
                      {' '}
                      <Link
                        href={`/${workspaceSlug}/settings/plan`}
                        className="font-medium underline underline-offset-2"
                      >
                        Upgrade
                      </Link>
                    </>
                  )}
                </Alert>
              )
            )}
          </DialogBody>
          <FormDialogFooter onCancel={() => toggle(false)} pending={pending} disabled={invalid}>
            Create executable
          </FormDialogFooter>
        </form>
      </Dialog>
    </>
  );
}
