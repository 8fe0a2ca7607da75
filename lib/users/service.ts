import { eq } from 'drizzle-orm';
import { getAddress } from 'viem';
import type { DbOrTx } from '@/db/client';
import { users } from '@/db/schema';
import { newId } from '@/lib/ids';
import { acceptInvitations } from '@/lib/workspaces/invitations';
import { createWorkspace } from '@/lib/workspaces/service';

const normalizeAddress = (address: string) => getAddress(address).toLowerCase();

export async function findUserByAddress(db: DbOrTx, address: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.address, normalizeAddress(address)));
  return user;
}

/**
 * The user of a wallet, created on first sign-in together with a personal workspace on the Free plan
 * that the user owns (safe against two first sign-ins racing); pending invitations of the address are
 * accepted at every sign-in.
 */
export async function signInWithAddress(db: DbOrTx, address: string) {
  const signedIn = await findOrCreateAddressUser(db, address);
  await acceptInvitations(db, signedIn.user);
  return signedIn;
}

async function findOrCreateAddressUser(db: DbOrTx, address: string) {
  const normalized = normalizeAddress(address);
  const existing = await findUserByAddress(db, normalized);
  if (existing) return { user: existing, created: false };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({ id: newId('user'), address: normalized })
      .onConflictDoNothing()
      .returning();
    if (!user)
      return { user: (await findUserByAddress(tx, normalized)) as typeof users.$inferSelect, created: false };
    await createWorkspace(tx, {
      name: `${getAddress(address).slice(0, 6)}…${address.slice(-4)}'s workspace`,
      ownerUserId: user.id,
    });
    return { user, created: true };
  });
}

export async function findUserById(db: DbOrTx, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  return user;
}

async function findUserByGithubId(db: DbOrTx, githubId: string) {
  const [user] = await db.select().from(users).where(eq(users.githubId, githubId));
  return user;
}

export type GithubProfile = { githubId: string; login: string; name?: string | null; email?: string | null };

/** Like `signInWithAddress` for a GitHub account: first sign-in creates the user and a personal Free workspace. */
export async function signInWithGithub(db: DbOrTx, profile: GithubProfile) {
  const existing = await findUserByGithubId(db, profile.githubId);
  if (existing) return { user: existing, created: false };
  return db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        id: newId('user'),
        githubId: profile.githubId,
        name: profile.name ?? profile.login,
        email: profile.email ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (!user)
      return {
        user: (await findUserByGithubId(tx, profile.githubId)) as typeof users.$inferSelect,
        created: false,
      };
    await createWorkspace(tx, { name: `${profile.login}'s workspace`, ownerUserId: user.id });
    return { user, created: true };
  });
}

/** A user for an address that has never signed in (operator CLI adding members ahead of their first visit). */
export async function ensureUserByAddress(db: DbOrTx, address: string) {
  const normalized = normalizeAddress(address);
  await db
    .insert(users)
    .values({ id: newId('user'), address: normalized })
    .onConflictDoNothing();
  return (await findUserByAddress(db, normalized)) as typeof users.$inferSelect;
}
