'use client';

import { Loader2, PenLine } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import type { ActionResult } from '@/lib/console/action';
import { allowSelfCallsAction } from '../../profiles/actions';
import { SigningPageOpened } from './signing-page-opened';
import { useSigningPage } from './use-signing-page';

/** One call of a `409 call_not_permitted`: a call to the profile's own Safe, Roles modifier or executor. */
export type SelfCallRefused = { to: string; selector: string; function: string | null; target: string };

const TARGET_WORDS: Record<string, string> = {
  safe: "the profile's own Safe",
  roles_modifier: "the profile's Roles modifier",
  executor: "the profile's executor",
};

const isSelfCall = (v: unknown): v is SelfCallRefused =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as SelfCallRefused).to === 'string' &&
  typeof (v as SelfCallRefused).selector === 'string' &&
  typeof (v as SelfCallRefused).target === 'string';

/** The self-calls a console action's `call_not_permitted` refusal named; null for any other outcome. */
export function selfCallsRefusedOf(result: ActionResult<unknown>): SelfCallRefused[] | null {
  if (result.ok || result.code !== 'call_not_permitted') return null;
  const calls = result.details?.calls;
  return Array.isArray(calls) ? calls.filter(isSelfCall) : null;
}

/**
 * The release calls the profile itself, which the Safe's owners have not allowed: each call in words, and "Ask
 * the owners" to prepare the Safe transaction in which the Safe signs its allowance (the signing page opens).
 */
export function SelfCallRefusalAlert({
  workspaceSlug,
  projectId,
  profileId,
  calls,
}: {
  workspaceSlug: string;
  projectId: string;
  profileId: string;
  calls: SelfCallRefused[];
}) {
  const { open, pending, error, opened } = useSigningPage();
  const ask = () => open(() => allowSelfCallsAction(workspaceSlug, projectId, profileId, calls));

  return (
    <Alert variant="destructive" title="The release calls the profile itself">
      <div className="grid gap-3" data-testid="self-call-refusal">
        <ul className="grid gap-0.5">
          {calls.map((c) => (
            <li key={`${c.to}-${c.selector}`} className="[overflow-wrap:anywhere]">
              {c.selector === '0x00000000' ? 'a plain transfer' : (c.function ?? c.selector)} on {c.to} (
              {TARGET_WORDS[c.target] ?? c.target})
            </li>
          ))}
        </ul>
        <p>
          These calls can change who controls the Safe, so Tickwork makes them only once the Safe&apos;s
          owners have allowed them by signature.
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <Button size="sm" variant="outline" disabled={pending} onClick={ask}>
            {pending ? <Loader2 className="animate-spin" /> : <PenLine />}
            Ask the owners to allow them
          </Button>
          <span className="text-muted-foreground text-xs">
            Opens the signing page in a new tab; once the owners have executed it, try again.
          </span>
        </div>
        {opened && <SigningPageOpened url={opened} />}
        {error && <p role="alert">{error}</p>}
      </div>
    </Alert>
  );
}
