import { unstable_rethrow } from 'next/navigation';
import { ZodError } from 'zod';
import { ApiError } from '@/lib/api/errors';
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
