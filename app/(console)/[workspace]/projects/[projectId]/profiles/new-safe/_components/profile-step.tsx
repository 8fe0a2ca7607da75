'use client';

import { ArrowLeft, ArrowRight, CircleCheck, Loader2 } from 'lucide-react';
import { type FormEvent, useState, useTransition } from 'react';
import { safeTransactionViewAction } from '@/app/(safe)/safe/tx/actions';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { CopyableDetail } from '@/components/ui/detail';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { shortAddress } from '@/lib/console/format';
import type { SafeTransactionView } from '@/lib/profiles/safe-transactions';
import { type RoleRequest, scopeSize } from '@/lib/zodiac/scope-drafts';
import { createRolesProfileAction, createSafeProfileAction } from '../../actions';
import type { SafeReading } from './safe-summary';

export type CreatedProfile = { id: string; name: string; executor: string | null; safeTransactionId: string };

/**
 * The profile's alias. Creating it generates the executor Tickwork holds the key of and prepares the Safe
 * transaction that gives it access (enables it as a module, or with `scope`, sets up a Zodiac Roles modifier and
 * the executor's role allowing those calls); Continue opens that transaction.
 */
export function ProfileStep({
  workspaceSlug,
  projectId,
  chainId,
  safe,
  role,
  profile,
  onCreated,
  onBack,
  onContinue,
}: {
  workspaceSlug: string;
  projectId: string;
  chainId: number;
  safe: SafeReading;
  /** A roles profile: the calls its role allows and the allowances they spend from. */
  role?: RoleRequest;
  profile: CreatedProfile | null;
  onCreated: (profile: CreatedProfile) => void;
  onBack: () => void;
  onContinue: (transaction: SafeTransactionView) => void;
}) {
  const [alias, setAlias] = useState('');
  const [error, setError] = useState<{ message: string; field?: string } | null>(null);
  const [pending, startTransition] = useTransition();

  const create = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    startTransition(async () => {
      const input = { alias, chainId, safe: safe.address };
      const result = role
        ? await createRolesProfileAction(workspaceSlug, projectId, { ...input, role })
        : await createSafeProfileAction(workspaceSlug, projectId, input);
      if (!result.ok) return setError({ message: result.error, field: result.field });
      onCreated(result.data);
    });
  };

  const next = (created: CreatedProfile) =>
    startTransition(async () => {
      setError(null);
      const result = await safeTransactionViewAction(created.safeTransactionId);
      if (!result.ok) return setError({ message: result.error });
      onContinue(result.data);
    });

  return (
    <Card>
      <form onSubmit={create}>
        <CardHeader>
          <CardTitle>Name the profile</CardTitle>
          <CardDescription>
            {role
              ? `For Safe ${shortAddress(safe.address)}. Tickwork generates an executor account for it and keeps its key encrypted; once the owners set up the Roles modifier, the executor may call the ${scopeSize(role.calls)} you chose, from the Safe${role.allowances.length > 0 ? ', within the allowances you set' : ''}.`
              : `For Safe ${shortAddress(safe.address)}. Tickwork generates an executor account for it and keeps its key encrypted; the executor sends the runs through the Safe once the owners enable it.`}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid grid-cols-1 gap-5">
          <Field
            label="Alias"
            htmlFor="safe-profile-alias"
            className="max-w-md"
            error={error?.field === 'alias' ? error.message : undefined}
            hint="The profile's name in this project."
          >
            <Input
              id="safe-profile-alias"
              required
              maxLength={100}
              placeholder="Treasury Safe"
              disabled={!!profile}
              value={alias}
              onChange={(e) => setAlias(e.target.value)}
            />
          </Field>
          {profile && (
            <div className="grid grid-cols-1 gap-4 rounded-lg border bg-muted/30 p-4">
              <p className="flex items-center gap-2 font-medium text-sm">
                <CircleCheck className="size-4 text-success" />
                Profile {profile.name} created; it stays pending until the owners{' '}
                {role ? 'set up its role' : 'enable Tickwork'}.
              </p>
              {profile.executor && (
                <dl className="max-w-md" data-testid="safe-profile-executor">
                  <CopyableDetail
                    label="Executor"
                    value={profile.executor}
                    copyLabel="Copy executor address"
                  />
                </dl>
              )}
            </div>
          )}
          {error && error.field !== 'alias' && <Alert variant="destructive">{error.message}</Alert>}
        </CardContent>
        <CardFooter className="justify-between">
          {profile ? (
            <span />
          ) : (
            <Button variant="ghost" onClick={onBack}>
              <ArrowLeft />
              Back
            </Button>
          )}
          {profile ? (
            <Button disabled={pending} onClick={() => next(profile)}>
              {pending && <Loader2 className="animate-spin" />}
              Continue
              <ArrowRight />
            </Button>
          ) : (
            <Button type="submit" disabled={pending || !alias.trim()}>
              {pending && <Loader2 className="animate-spin" />}
              Create profile
            </Button>
          )}
        </CardFooter>
      </form>
    </Card>
  );
}
