// / — sends a signed-in person to their first workspace, anyone else to the sign-in page.
import { LogOut, UsersRound } from 'lucide-react';
import { redirect } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { getDb } from '@/db/client';
import { requireConsoleUser } from '@/lib/auth/console';
import { signOut } from '@/lib/auth/next-auth';
import { listUserWorkspaces } from '@/lib/workspaces/service';

export default async function Home() {
  const user = await requireConsoleUser();
  const [first] = await listUserWorkspaces(getDb(), user.id);
  if (first) redirect(`/${first.slug}/projects`);
  return (
    <EmptyState
      icon={UsersRound}
      title="No workspace yet"
      description="You are not a member of any workspace. Ask an owner to add you, then sign in again."
      action={
        <form
          action={async () => {
            'use server';
            await signOut({ redirectTo: '/signin' });
          }}
        >
          <Button type="submit" variant="outline">
            <LogOut />
            Sign out
          </Button>
        </form>
      }
    />
  );
}
