import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, secrets } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import type { AuditAction } from '@/lib/audit/actions';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { encryptSecret } from '@/lib/crypto/envelope';
import { newId } from '@/lib/ids';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import type { SecretRecord } from './schemas';

type SecretRow = typeof secrets.$inferSelect;

/** Metadata only: the ciphertext never leaves this module. */
const toSecret = (s: SecretRow): SecretRecord => ({
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

/** The live executables a secret is bound to: its audit events name them (a changed value reaches their next run). */
async function boundExecutables(db: DbOrTx, secretId: string): Promise<string[]> {
  const rows = await db
    .select({ id: executables.id })
    .from(executables)
    .where(
      and(
        sql`${executables.secretBindings} @> ${JSON.stringify([{ secretId }])}::jsonb`,
        ne(executables.state, 'deleted'),
      ),
    )
    .orderBy(executables.id)
    .limit(50);
  return rows.map((r) => r.id);
}

/** Records a secret's event: its name, project and version, and the executables bound to it; never its value. */
async function recordSecretEvent(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  action: AuditAction,
  secret: Pick<SecretRow, 'id' | 'name' | 'projectId' | 'version'>,
) {
  await recordAudit(db, {
    workspaceId,
    actor,
    action,
    target: { type: 'secret', id: secret.id },
    details: {
      name: secret.name,
      projectId: secret.projectId,
      version: secret.version,
      boundTo: await boundExecutables(db, secret.id),
    },
  });
}

export async function createSecret(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  input: { projectId: string; name: string; value: string },
) {
  await requireProject(db, workspaceId, input.projectId);
  return db.transaction(async (tx) => {
    const [secret] = await tx
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
    if (!secret) throw apiError('conflict', `a secret named "${input.name}" already exists in this project`);
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'secret.created',
      target: { type: 'secret', id: secret.id },
      details: { name: secret.name, projectId: secret.projectId },
    });
    return toSecret(secret as SecretRow);
  });
}

/** A new value (the audit log says the value changed and its new version, never the value). */
export async function rotateSecret(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  secretId: string,
  value: string,
) {
  return db.transaction(async (tx) => {
    const [secret] = await tx
      .update(secrets)
      .set({ ciphertext: encryptSecret(value), version: sql`${secrets.version} + 1`, rotatedAt: new Date() })
      .where(
        and(eq(secrets.id, secretId), eq(secrets.workspaceId, workspaceId), inLiveProject(secrets.projectId)),
      )
      .returning(metadataColumns);
    if (!secret) throw notFound('secret');
    await recordSecretEvent(tx, workspaceId, actor, 'secret.rotated', secret);
    return toSecret(secret as SecretRow);
  });
}

export async function deleteSecret(db: DbOrTx, workspaceId: string, actor: Actor, secretId: string) {
  return db.transaction(async (tx) => {
    const [secret] = await tx
      .delete(secrets)
      .where(
        and(eq(secrets.id, secretId), eq(secrets.workspaceId, workspaceId), inLiveProject(secrets.projectId)),
      )
      .returning(metadataColumns);
    if (!secret) throw notFound('secret');
    await recordSecretEvent(tx, workspaceId, actor, 'secret.deleted', secret);
    return { ...toSecret(secret as SecretRow), deleted: true };
  });
}
