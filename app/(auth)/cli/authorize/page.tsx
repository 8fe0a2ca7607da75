// /cli/authorize?code=XXXX-XXXX — management-login consent: approve a CLI for exactly one workspace.
import { CircleX } from 'lucide-react';
import type { Metadata } from 'next';
import Link from 'next/link';
import { buttonVariants } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { getDb } from '@/db/client';
import { findPendingLogin } from '@/lib/auth/cli-login';
import { requireConsoleUser } from '@/lib/auth/console';
import { listUserWorkspaces } from '@/lib/workspaces/service';
import { ConsentForm } from './_components/consent-form';

export const metadata: Metadata = { title: 'Authorize CLI' };

function CodeEntry() {
  return (
    <div>
      <h1 className="font-semibold text-2xl tracking-tight">Authorize a CLI</h1>
      <p className="mt-2 text-muted-foreground text-sm">Enter the code your terminal shows.</p>
      <form method="get" className="mt-8 grid gap-3">
        <Label htmlFor="code">Login code</Label>
        <Input
          id="code"
          name="code"
          required
          placeholder="ABCD-EFGH"
          className="h-11 font-mono text-lg uppercase tracking-widest"
        />
        <button type="submit" className={buttonVariants({ size: 'lg' })}>
          Continue
        </button>
      </form>
    </div>
  );
}

export default async function CliAuthorizePage({
  searchParams,
}: {
  searchParams: Promise<{ code?: string | string[] }>;
}) {
  const { code: raw } = await searchParams;
  const code = typeof raw === 'string' ? raw.trim() : '';
  const user = await requireConsoleUser(
    code ? `/cli/authorize?code=${encodeURIComponent(code)}` : '/cli/authorize',
  );
  if (!code) return <CodeEntry />;

  const db = getDb();
  const login = await findPendingLogin(db, code);
  if (!login) {
    return (
      <Card>
        <CardContent className="flex flex-col items-center py-10 text-center">
          <CircleX className="size-10 text-destructive" />
          <h1 className="mt-4 font-semibold text-lg">This code can’t be used</h1>
          <p className="mt-1 max-w-xs text-muted-foreground text-sm">
            It is unknown, expired or already used. Run <code className="font-mono">tickwork login</code>{' '}
            again to get a new one.
          </p>
          <Link href="/" className={buttonVariants({ variant: 'outline', className: 'mt-6' })}>
            Go to the console
          </Link>
        </CardContent>
      </Card>
    );
  }

  const eligible = (await listUserWorkspaces(db, user.id))
    .filter((w) => w.role !== 'member')
    .map(({ slug, name, plan, role }) => ({ slug, name, plan, role }));

  return (
    <ConsentForm
      code={login.userCode}
      clientName={login.clientName}
      expiresAt={login.expiresAt.toISOString()}
      workspaces={eligible}
    />
  );
}
