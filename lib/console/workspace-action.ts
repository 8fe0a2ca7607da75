import { revalidatePath } from 'next/cache';
import { type Actor, consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess, type WorkspaceAccess } from '@/lib/auth/console';
import { type ActionResult, runConsoleAction } from './action';

// The console's workspace actions: the signed-in person's role in the workspace of the URL checked, the body
// run, its pages revalidated (lib/console/action.ts has the answer shape, and serves the public signing pages,
// which have no session).

/** What a workspace action's body works with: the person, their role, the workspace of the URL, the audit actor. */
export type ActionContext = WorkspaceAccess & { actor: Actor };

export type ConsoleActionOptions<T> = {
  /**
   * Who may run it: owners and admins (the default, for a change), every member (a read, or a change whose
   * service checks the role itself), or a check of its own that throws to refuse (owners only, say).
   */
  allow?: 'admins' | 'members' | ((access: WorkspaceAccess) => unknown);
  /** The pages showing what it changed, revalidated once it succeeded; a function reads them off its result. */
  revalidate?: string | string[] | ((result: T) => string | string[]);
  /** Revalidates everything under those paths (their layout), not only the pages. */
  layout?: boolean;
};

/**
 * A console server action in the workspace of the URL, never one the client names: checks the person's role
 * there, runs `body`, revalidates the pages it changed, and answers as runConsoleAction does.
 */
export function consoleAction<T>(
  workspaceSlug: string,
  options: ConsoleActionOptions<T>,
  body: (context: ActionContext) => Promise<T>,
): Promise<ActionResult<T>> {
  const { allow = 'admins', revalidate, layout = false } = options;
  return runConsoleAction(async () => {
    const access = await requireWorkspaceAccess(workspaceSlug, { mutation: allow === 'admins' });
    if (typeof allow === 'function') await allow(access);
    const result = await body({ ...access, actor: consoleActor(access.user) });
    const paths = typeof revalidate === 'function' ? revalidate(result) : (revalidate ?? []);
    for (const path of [paths].flat()) revalidatePath(path, layout ? 'layout' : undefined);
    return result;
  });
}
