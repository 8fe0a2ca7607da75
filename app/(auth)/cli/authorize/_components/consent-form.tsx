'use client';

import { CircleCheck, CircleX, Loader2, ShieldCheck, Terminal } from 'lucide-react';
import { useState, useTransition } from 'react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { decideCliLoginAction } from '../actions';

type Workspace = { slug: string; name: string; plan: string; role: string };
type Outcome = { approved: boolean; workspaceName: string | null };

function Done({ outcome }: { outcome: Outcome }) {
  const Icon = outcome.approved ? CircleCheck : CircleX;
  return (
    <Card className="flex flex-col items-center px-8 py-12 text-center" data-testid="cli-login-done">
      <Icon className={cn('size-12', outcome.approved ? 'text-success' : 'text-muted-foreground')} />
      <h1 className="mt-4 font-semibold text-xl tracking-tight">
        {outcome.approved ? 'CLI authorized' : 'Request denied'}
      </h1>
      <p className="mt-2 max-w-xs text-muted-foreground text-sm">
        {outcome.approved
          ? `The CLI now has management access to ${outcome.workspaceName}. Return to your terminal; you can close this tab.`
          : 'No key was issued. You can close this tab.'}
      </p>
    </Card>
  );
}

export function ConsentForm({
  code,
  clientName,
  expiresAt,
  workspaces,
}: {
  code: string;
  clientName: string;
  expiresAt: string;
  workspaces: Workspace[];
}) {
  const [selected, setSelected] = useState<string | null>(
    workspaces.length === 1 ? workspaces[0].slug : null,
  );
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const [decision, setDecision] = useState<'approve' | 'deny' | null>(null);

  if (outcome) return <Done outcome={outcome} />;

  const decide = (approve: boolean) => {
    setDecision(approve ? 'approve' : 'deny');
    setError(null);
    startTransition(async () => {
      const result = await decideCliLoginAction({ code, workspaceSlug: selected, approve });
      if (!result.ok) return setError(result.error);
      setOutcome(result.data);
    });
  };

  const minutesLeft = Math.max(1, Math.round((new Date(expiresAt).getTime() - Date.now()) / 60_000));

  return (
    <div>
      <span className="flex size-11 items-center justify-center rounded-xl border bg-card shadow-xs">
        <Terminal className="size-5" />
      </span>
      <h1 className="mt-5 font-semibold text-2xl tracking-tight">Authorize {clientName}</h1>
      <p className="mt-2 text-muted-foreground text-sm">
        A command-line client asks for a management key. Check that this code matches the one in your
        terminal.
      </p>
      <div className="mt-6 flex items-center justify-between rounded-xl border bg-card px-5 py-4 shadow-xs">
        <code data-testid="cli-user-code" className="font-mono font-semibold text-2xl tracking-[0.2em]">
          {code}
        </code>
        <Badge variant="secondary" suppressHydrationWarning>
          expires in {minutesLeft} min
        </Badge>
      </div>

      <fieldset className="mt-8">
        <legend className="font-medium text-sm">Workspace</legend>
        <p className="mt-1 text-muted-foreground text-xs">The key will reach this workspace and no other.</p>
        {workspaces.length === 0 ? (
          <Alert variant="warning" className="mt-3">
            You are not an owner or admin of any workspace, so you cannot approve this login.
          </Alert>
        ) : (
          <div className="mt-3 grid gap-2">
            {workspaces.map((w) => (
              <label
                key={w.slug}
                className={cn(
                  'flex cursor-pointer items-center gap-3 rounded-lg border bg-card px-4 py-3 transition-colors hover:bg-muted/50',
                  selected === w.slug && 'border-primary ring-2 ring-primary/15',
                )}
              >
                <input
                  type="radio"
                  name="workspace"
                  value={w.slug}
                  checked={selected === w.slug}
                  onChange={() => setSelected(w.slug)}
                  className="size-4 accent-[var(--color-primary)]"
                />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium text-sm">{w.name}</span>
                  <span className="block text-muted-foreground text-xs capitalize">
                    {w.plan} plan · {w.role}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>

      <div className="mt-6 flex gap-3 rounded-lg bg-muted/60 px-4 py-3 text-muted-foreground text-xs">
        <ShieldCheck className="size-4 shrink-0 text-foreground" />
        <p>
          Grants every management scope in that workspace: projects, functions, executables, profiles,
          secrets, webhooks and usage. It cannot manage keys, members or billing. Revoke it any time under API
          keys.
        </p>
      </div>

      {error && (
        <Alert variant="destructive" className="mt-4">
          {error}
        </Alert>
      )}

      <div className="mt-6 grid grid-cols-2 gap-3">
        <Button variant="outline" size="lg" disabled={pending || !selected} onClick={() => decide(false)}>
          {pending && decision === 'deny' && <Loader2 className="animate-spin" />}
          Deny
        </Button>
        <Button size="lg" disabled={pending || !selected} onClick={() => decide(true)}>
          {pending && decision === 'approve' && <Loader2 className="animate-spin" />}
          Approve
        </Button>
      </div>
    </div>
  );
}
