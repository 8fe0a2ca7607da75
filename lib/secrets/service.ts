import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { secrets } from '@/db/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { inLiveProject, requireProject } from '@/lib/projects/service';

type SecretRow = typeof secrets.$inferSelect;

/** Metadata only: the ciphertext never leaves this module. */
const toSecret = (s: SecretRow) => ({
  id: s.id,
  projectId: s.projectId,
  name: s.name,
  version: s.version,
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
  rotatedAt: s.rotatedAt?.toISOString() ?? null,
});

const metadataColumns = {
  id: secrets.id,
  projectId: secrets.projectId,
  name: secrets.name,
  version: secrets.version,
  createdAt: secrets.createdAt,
  updatedAt: secrets.updatedAt,
  rotatedAt: secrets.rotatedAt,
};

export async function listSecrets(db: DbOrTx, workspaceId: string, projectId: string) {
  await requireProject(db, workspaceId, projectId);
  const rows = await db
    .select(metadataColumns)
    .from(secrets)
    .where(and(eq(secrets.projectId, projectId), eq(secrets.workspaceId, workspaceId)))
    .orderBy(desc(secrets.id));
  return rows.map((r) => toSecret(r as SecretRow));
}

export async function createSecret(
  db: DbOrTx,
  workspaceId: string,
  input: { projectId: string; name: string; value: string },
) {
  await requireProject(db, workspaceId, input.projectId);
  const [secret] = await db
    .insert(secrets)
    .values({
      id: newId('secret'),
      workspaceId,
      projectId: input.projectId,
      name: input.name,
      ciphertext: encryptSecret(input.value),
    })
    .onConflictDoNothing({ target: [secrets.projectId, secrets.name] })
    .returning(metadataColumns);
  if (!secret)
    throw new ApiError(409, 'conflict', `a secret named "${input.name}" already exists in this project`);
  return toSecret(secret as SecretRow);
}

export async function rotateSecret(db: DbOrTx, workspaceId: string, secretId: string, value: string) {
  const [secret] = await db
    .update(secrets)
    .set({ ciphertext: encryptSecret(value), version: sql`${secrets.version} + 1`, rotatedAt: new Date() })
    .where(
      and(eq(secrets.id, secretId), eq(secrets.workspaceId, workspaceId), inLiveProject(secrets.projectId)),
    )
    .returning(metadataColumns);
  if (!secret) throw notFound('secret');
  return toSecret(secret as SecretRow);
}

export async function deleteSecret(db: DbOrTx, workspaceId: string, secretId: string) {
  const [secret] = await db
    .delete(secrets)
    .where(
      and(eq(secrets.id, secretId), eq(secrets.workspaceId, workspaceId), inLiveProject(secrets.projectId)),
    )
    .returning(metadataColumns);
  if (!secret) throw notFound('secret');
  return { ...toSecret(secret as SecretRow), deleted: true };
}
