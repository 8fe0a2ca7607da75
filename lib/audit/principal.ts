import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import type { Principal } from '@/lib/auth/credential';
import { type Actor, apiKeyActor } from './actor';

/** The actor of a management API request: the key's user, with the key's id. */
export async function principalActor(db: DbOrTx, principal: Principal): Promise<Actor> {
  const [user] = await db
    .select({ id: users.id, address: users.address, name: users.name })
    .from(users)
    .where(eq(users.id, principal.userId));
  return apiKeyActor(user ?? { id: principal.userId, address: null, name: null }, principal.credentialId);
}
