'use server';

import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { decideCliLogin } from '@/lib/auth/cli-login';
import { requireConsoleUser } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';
import { listUserWorkspaces } from '@/lib/workspaces/service';

/**
 * Approves or denies a pending management login, in one workspace where the signed-in person is owner or admin.
 * The workspace is looked up among the person's own memberships; the client only names its slug.
 */
export async function decideCliLoginAction(input: {
  code: string;
  workspaceSlug: string | null;
  approve: boolean;
}) {
  return runConsoleAction(async () => {
    const user = await requireConsoleUser();
    const db = getDb();
    const workspaces = await listUserWorkspaces(db, user.id);
    const workspace = workspaces.find((w) => w.slug === input.workspaceSlug && w.role !== 'member');
    if (!workspace) throw apiError('forbidden', 'Pick a workspace where you are an owner or admin.');
    await decideCliLogin(db, {
      userCode: input.code,
      userId: user.id,
      workspaceId: workspace.id,
      approve: input.approve,
    });
    return { approved: input.approve, workspaceName: workspace.name };
  });
}
