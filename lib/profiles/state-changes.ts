// A profile's changes after it is created: rename, archive and unarchive, a retried provisioning, and a share
// into another project. Each is audited in the change's transaction (lib/audit/log.ts).
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { executables, profiles, projects } from '@/db/schema';
import { apiError, type ErrorCode, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { auditedChange, recordAudit } from '@/lib/audit/log';
import { newId } from '@/lib/ids';
import { enqueue } from '@/lib/jobs/port';
import { requireProject } from '@/lib/projects/service';
import type { ShareProfileInput } from './schemas';
import { type ProfileRecordRow, profileEvent, recordColumns, requireProfile, toProfile } from './service';
export async function renameProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
  name: string,
) {
  const row = await auditedChange(
    db,
    async (tx) => {
      const [renamed] = await tx
        .update(profiles)
        .set({ name })
        .where(and(eq(profiles.id, profileId), eq(profiles.workspaceId, workspaceId)))
        .returning(recordColumns);
      if (!renamed) throw notFound('profile');
      return renamed;
    },
    (renamed) => profileEvent(actor, 'profile.renamed', renamed),
  );
  return toProfile(db, row);
}

const stateConflict = (code: ErrorCode, profile: ProfileRecordRow, message: string) =>
  apiError(code, message, { state: profile.state });

/** active → archived, refused while a non-deleted executable uses the profile. The wallet and funds stay. */
export async function archiveProfile(db: DbOrTx, workspaceId: string, actor: Actor, profileId: string) {
  const row = await db.transaction(async (tx) => {
    const profile = await requireProfile(tx, workspaceId, profileId, { lock: true });
    if (profile.state !== 'active')
      throw stateConflict(
        'profile_not_active',
        profile,
        `only an active profile can be archived (it is ${profile.state})`,
      );
    const users = await tx
      .select({ id: executables.id })
      .from(executables)
      .where(and(eq(executables.profileId, profileId), ne(executables.state, 'deleted')))
      .orderBy(executables.id)
      .limit(50);
    if (users.length > 0)
      throw apiError('profile_in_use', 'executables still use this profile; switch or delete them first', {
        executableIds: users.map((u) => u.id),
      });
    const [archived] = await tx
      .update(profiles)
      .set({ state: 'archived' })
      .where(eq(profiles.id, profileId))
      .returning(recordColumns);
    await recordAudit(tx, profileEvent(actor, 'profile.archived', archived));
    return archived;
  });
  return toProfile(db, row);
}

/** archived → active. */
export async function unarchiveProfile(db: DbOrTx, workspaceId: string, actor: Actor, profileId: string) {
  const row = await db.transaction(async (tx) => {
    const [unarchived] = await tx
      .update(profiles)
      .set({ state: 'active' })
      .where(
        and(
          eq(profiles.id, profileId),
          eq(profiles.workspaceId, workspaceId),
          eq(profiles.state, 'archived'),
        ),
      )
      .returning(recordColumns);
    if (unarchived) await recordAudit(tx, profileEvent(actor, 'profile.unarchived', unarchived));
    return unarchived;
  });
  if (row) return toProfile(db, row);
  const profile = await requireProfile(db, workspaceId, profileId);
  throw stateConflict(
    'profile_not_archived',
    profile,
    `only an archived profile can be unarchived (it is ${profile.state})`,
  );
}

/** Pending legacy profiles only: clears the last reason and queues provisioning again. */
export async function retryProfileProvisioning(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
) {
  const row = await db.transaction(async (tx) => {
    const [retried] = await tx
      .update(profiles)
      .set({ stateReason: null })
      .where(
        and(
          eq(profiles.id, profileId),
          eq(profiles.workspaceId, workspaceId),
          eq(profiles.kind, 'legacy'),
          eq(profiles.state, 'pending'),
        ),
      )
      .returning(recordColumns);
    if (retried) await recordAudit(tx, profileEvent(actor, 'profile.provisioning_retried', retried));
    return retried;
  });
  if (!row) {
    const profile = await requireProfile(db, workspaceId, profileId);
    throw stateConflict(
      'profile_not_pending',
      profile,
      `only a pending legacy profile can be retried (this ${profile.kind} profile is ${profile.state})`,
    );
  }
  await enqueue('profile/provision.requested', { profileId });
  return toProfile(db, row);
}

/**
 * A new profile in another project of the workspace on the same account (kind, chain, address, and the key
 * account's encrypted key; for a roles profile the same executor, modifier and role). Safe profiles cannot be shared; the source must be active; a project
 * already holding a profile on that account is refused.
 */
export async function shareProfile(
  db: DbOrTx,
  workspaceId: string,
  actor: Actor,
  profileId: string,
  input: ShareProfileInput,
) {
  const row = await db.transaction(async (tx) => {
    const source = await requireProfile(tx, workspaceId, profileId);
    if (source.kind === 'safe')
      throw apiError('profile_not_shareable', 'safe profiles cannot be shared', {
        kind: source.kind,
      });
    if (source.state !== 'active')
      throw stateConflict(
        'profile_not_active',
        source,
        `only an active profile can be shared (it is ${source.state})`,
      );
    await requireProject(tx, workspaceId, input.targetProjectId);
    // one share into a project at a time: the duplicate check below and the insert cannot interleave
    await tx
      .select({ id: projects.id })
      .from(projects)
      .where(eq(projects.id, input.targetProjectId))
      .for('update');
    const [existing] = await tx
      .select({ id: profiles.id })
      .from(profiles)
      .where(
        and(
          eq(profiles.projectId, input.targetProjectId),
          eq(profiles.chainId, source.chainId),
          sql`lower(${profiles.address}) = ${source.address.toLowerCase()}`,
        ),
      )
      .limit(1);
    if (existing)
      throw apiError(
        'profile_already_in_project',
        'the target project already has a profile on this account',
        { profileId: existing.id },
      );
    const [secrets] = await tx
      .select({
        encryptedKey: profiles.encryptedKey,
        keySource: profiles.keySource,
        executor: profiles.executor,
        safeState: profiles.safeState,
        rolesModifier: profiles.rolesModifier,
        roleKey: profiles.roleKey,
        rolesSinceBlock: profiles.rolesSinceBlock,
      })
      .from(profiles)
      .where(eq(profiles.id, source.id));
    const [shared] = await tx
      .insert(profiles)
      .values({
        id: newId('profile'),
        workspaceId,
        projectId: input.targetProjectId,
        kind: source.kind,
        state: 'active',
        name: input.alias ?? source.name,
        chainId: source.chainId,
        address: source.address,
        ...secrets,
        sharedFromId: source.sharedFromId ?? source.id,
      })
      .returning(recordColumns);
    await recordAudit(
      tx,
      profileEvent(actor, 'profile.shared', shared, { sourceId: source.id, projectId: shared.projectId }),
    );
    return shared;
  });
  return toProfile(db, row);
}
