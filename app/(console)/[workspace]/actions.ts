'use server';

import { signOut } from '@/lib/auth/next-auth';

/** Ends the console session. */
export async function signOutAction() {
  await signOut({ redirectTo: '/signin' });
}
