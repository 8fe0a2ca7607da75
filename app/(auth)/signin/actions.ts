'use server';

import { signIn } from '@/lib/auth/next-auth';
import { safeCallbackUrl } from '@/lib/console/callback-url';

/** Starts the GitHub OAuth redirect. */
export async function signInWithGithubAction(callbackUrl: string) {
  await signIn('github', { redirectTo: safeCallbackUrl(callbackUrl) });
}
