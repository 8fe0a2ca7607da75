import { unstable_rethrow } from 'next/navigation';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { log } from '@/lib/log';

/** What a console server action hands back to its form: data, or a message fit to show. */
export type ActionResult<T = null> = { ok: true; data: T } | { ok: false; error: string; field?: string };

/**
 * Runs the body of a server action: service errors (ApiError 4xx, zod issues) become messages for the form;
 * anything else is logged and reported opaquely. Next's redirect/notFound signals pass through.
 */
export async function runConsoleAction<T>(body: () => Promise<T>): Promise<ActionResult<T>> {
  try {
    return { ok: true, data: await body() };
  } catch (error) {
    unstable_rethrow(error);
    if (error instanceof ApiError && error.status < 500) return { ok: false, error: error.message };
    if (error instanceof ZodError) {
      const issue = error.issues[0];
      const field = issue?.path.join('.') || undefined;
      return { ok: false, error: issue ? issue.message : 'Invalid input', field };
    }
    log.error({ err: error }, 'console action failed');
    return { ok: false, error: 'Something went wrong on our side. Please try again.' };
  }
}
