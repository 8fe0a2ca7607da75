'use server';

import { signOut } from '@/auth';

/** Ends the console session. */
export async function signOutAction() {
  await signOut({ redirectTo: '/signin' });
}
