import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { cliLogins, users } from '@/db/schema';
import type { Principal } from '@/lib/auth/credential';
import { type Actor, apiKeyActor } from './actor';

/** The audit actor of a management API request: the key's user, with the key's id (and whether a CLI login issued it). */
export async function principalActor(db: DbOrTx, principal: Principal): Promise<Actor> {
  const [user] = await db
    .select({ id: users.id, address: users.address, name: users.name })
    .from(users)
    .where(eq(users.id, principal.userId));
  const [cliLogin] = await db
    .select({ id: cliLogins.id })
    .from(cliLogins)
    .where(eq(cliLogins.apiKeyId, principal.credentialId))
    .limit(1);
  return apiKeyActor(
    user ?? { id: principal.userId, address: null, name: null },
    principal.credentialId,
    cliLogin !== undefined,
  );
}
