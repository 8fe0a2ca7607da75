'use client';

import { ListChecks, Loader2 } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/console/action';
import type { ArgConditions } from '@/lib/zodiac/conditions';
import { callWords, functionOf, isArgsTarget } from '@/lib/zodiac/scope-drafts';
import { allowRoleCallsAction } from '../../profiles/actions';
import { type AllowanceInput, allowancesOfInputs, NeededAllowances } from './needed-allowances';
import { SelfCallRefusalAlert, type SelfCallRefused, selfCallsRefusedOf } from './self-call-refusal';
import { SigningPageOpened } from './signing-page-opened';
import { useSigningPage } from './use-signing-page';

/** A missing call in permissions.json's form: what "Allow these calls" asks the role for. */
type Call = { to: string; functions: string[]; conditions?: Record<string, ArgConditions> };

/**
 * A `409 permissions_not_covered`: what is missing and, for a roles profile, the transaction that allows it; or
 * a `409 call_not_permitted`: calls to the profile itself the Safe's owners have not allowed (`selfCalls`).
 */
export type PermissionsRefusal = {
  missing: Call[];
  /** Why the release's declared argument conditions are looser than the role's, one sentence each. */
  looserConditions: string[];
  /** A roles profile answered it (its role can be extended). */
  roles: boolean;
  /** The covering Safe transaction's calls in words; null when it could not be built. */
  covering: { to: string; description: string }[] | null;
  /** Allowances the release's conditions spend from that the role does not hold (allowing sets them). */
  allowancesNeeded: string[];
  selfCalls?: SelfCallRefused[];
};

const isCall = (v: unknown): v is Call =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as Call).to === 'string' &&
  Array.isArray((v as Call).functions) &&
  (v as Call).functions.every((f) => typeof f === 'string');

/** The refusal a console action answered, when it is `permissions_not_covered` or `call_not_permitted`; else null. */
export function permissionsRefusalOf(result: ActionResult<unknown>): PermissionsRefusal | null {
  const selfCalls = selfCallsRefusedOf(result);
  if (selfCalls?.length)
    return {
      missing: [],
      looserConditions: [],
      roles: false,
      covering: null,
      allowancesNeeded: [],
      selfCalls,
    };
  if (result.ok || result.code !== 'permissions_not_covered') return null;
  const details = result.details ?? {};
  const entries: unknown[] = Array.isArray(details.missing) ? details.missing : [];
  const missing = entries.filter(isCall).map(({ to, functions, conditions }) => ({
    to,
    functions,
    // checked again by the action that asks for them
    ...(conditions &&
      typeof conditions === 'object' && { conditions: conditions as Record<string, ArgConditions> }),
  }));
  const looserConditions = entries.flatMap((e) => {
    const reasons = (e as { looserConditions?: unknown }).looserConditions;
    return Array.isArray(reasons) ? reasons.filter((r): r is string => typeof r === 'string') : [];
  });
  const covering = details.coveringTransaction as { calls?: unknown } | null | undefined;
  const calls = Array.isArray(covering?.calls)
    ? covering.calls.filter(
        (c): c is { to: string; description: string } =>
          typeof c?.to === 'string' && typeof c?.description === 'string',
      )
    : null;
  const allowancesNeeded = Array.isArray(details.allowancesNeeded)
    ? details.allowancesNeeded.filter((n): n is string => typeof n === 'string')
    : [];
  return {
    missing,
    looserConditions,
    roles: 'coveringTransaction' in details,
    covering: calls,
    allowancesNeeded,
  };
}

/** The refusal in words: calls to the profile itself (`call_not_permitted`), or calls the profile does not cover. */
export function PermissionsRefusalAlert({
  workspaceSlug,
  projectId,
  profileId,
  refusal,
}: {
  workspaceSlug: string;
  projectId: string;
  profileId: string;
  refusal: PermissionsRefusal;
}) {
  if (refusal.selfCalls)
    return (
      <SelfCallRefusalAlert
        workspaceSlug={workspaceSlug}
        projectId={projectId}
        profileId={profileId}
        calls={refusal.selfCalls}
      />
    );
  return (
    <CoverageRefusalAlert
      workspaceSlug={workspaceSlug}
      projectId={projectId}
      profileId={profileId}
      refusal={refusal}
    />
  );
}

/**
 * The profile does not allow every call the release declares: each missing call in words. For a roles profile,
 * "Allow these calls" prepares the Safe transaction that extends its role and opens its signing page; once the
 * owners executed it, the same change goes through. A target the args must name cannot be allowed in advance.
 */
function CoverageRefusalAlert({
  workspaceSlug,
  projectId,
  profileId,
  refusal,
}: {
  workspaceSlug: string;
  projectId: string;
  profileId: string;
  refusal: PermissionsRefusal;
}) {
  const { open, pending, error, opened } = useSigningPage();
  const [inputs, setInputs] = useState<Record<string, AllowanceInput>>({});
  const allowable = refusal.missing.filter((c) => !isArgsTarget(c.to));
  const fromArgs = refusal.missing.filter((c) => isArgsTarget(c.to));
  const allowances = allowancesOfInputs(refusal.allowancesNeeded, inputs);

  const allow = () =>
    open(() => allowRoleCallsAction(workspaceSlug, projectId, profileId, allowable, allowances ?? []));

  return (
    <Alert variant="destructive" title="The profile does not allow every call the release declares">
      <div className="grid gap-3" data-testid="permissions-refusal">
        <ul className="grid gap-0.5">
          {refusal.missing.flatMap((c) =>
            c.functions.map((fn) => (
              <li key={`${c.to}-${fn}`} className="[overflow-wrap:anywhere]" data-testid="missing-call">
                {callWords(c.to, functionOf(fn) ?? { selector: fn, signature: null })}
              </li>
            )),
          )}
        </ul>
        {refusal.looserConditions.length > 0 && (
          <div className="grid gap-1">
            <p>The role allows them only under stricter conditions than the release declares:</p>
            <ul className="grid list-disc gap-0.5 pl-5 text-xs" data-testid="looser-conditions">
              {refusal.looserConditions.map((reason) => (
                <li key={reason} className="[overflow-wrap:anywhere]">
                  {reason}
                </li>
              ))}
            </ul>
          </div>
        )}
        {fromArgs.length > 0 && (
          <p>
            {fromArgs.map((c) => c.to).join(', ')} must name an address in the executable&apos;s args before
            its calls can be checked{refusal.roles ? ' or allowed' : ''}.
          </p>
        )}
        {refusal.roles && allowable.length > 0 && (
          <div className="grid gap-2 text-foreground">
            {refusal.covering && (
              <div className="grid gap-1">
                <p>Allowing them takes one Safe transaction that the Safe&apos;s owners sign:</p>
                <ol className="grid list-decimal gap-0.5 pl-5 text-xs" data-testid="covering-calls">
                  {refusal.covering.map((c, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the calls are positions in the batch
                    <li key={i} className="[overflow-wrap:anywhere]">
                      {c.description}
                    </li>
                  ))}
                </ol>
              </div>
            )}
            {refusal.allowancesNeeded.length > 0 && (
              <NeededAllowances names={refusal.allowancesNeeded} inputs={inputs} onChange={setInputs} />
            )}
            <div className="flex flex-wrap items-center gap-3">
              <Button size="sm" disabled={pending || allowances === null} onClick={allow}>
                {pending ? <Loader2 className="animate-spin" /> : <ListChecks />}
                Allow these calls
              </Button>
              <span className="text-muted-foreground text-xs">
                Opens the signing page in a new tab; once the owners have executed it, try again.
              </span>
            </div>
            {opened && <SigningPageOpened url={opened} />}
            {error && <p role="alert">{error}</p>}
          </div>
        )}
      </div>
    </Alert>
  );
}
