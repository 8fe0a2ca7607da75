import { revalidatePath } from 'next/cache';
import { unstable_rethrow } from 'next/navigation';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { type Actor, consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess, type WorkspaceAccess } from '@/lib/auth/console';
import { log } from '@/lib/log';

/**
 * What a console server action hands back to its form: data, or a message fit to show. A service refusal
 * also carries its API error `code` and extra fields (`details`: e.g. `suggestedVersionTag`), so a form can
 * offer a fix.
 */
export type ActionResult<T = null> =
  | { ok: true; data: T }
  | { ok: false; error: string; field?: string; code?: string; details?: Record<string, unknown> };

/**
 * Runs the body of a server action: service errors (ApiError 4xx, zod issues) become messages for the form;
 * anything else is logged and reported opaquely. Next's redirect/notFound signals pass through.
 */
export async function runConsoleAction<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    unstable_rethrow(error);
    // 503: a dependency (the chain) did not answer; its message says so and what to do
    if (error instanceof ApiError && (error.status < 500 || error.status === 503)) {
      return { ok: false, error: error.message, code: error.code, details: error.extra };
    }
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join('.') || undefined;
      return { ok: false, error: issue ? issue.message : 'Invalid input', field };
    }
    log.error({ err: error }, 'console action failed');
    return { ok: false, error: 'Something went wrong on our side. Please try again.' };
  }
}

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
