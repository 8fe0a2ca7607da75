import { and, count, eq, gte, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { functionReleases, workspaces } from '@/db/schema';
import { apiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { blobStore } from '@/lib/blobs/store';
import { newId } from '@/lib/ids';
import { currentCycle } from '@/lib/usage/cycle';
import { PLANS } from '@/lib/usage/plans';
import { DEFAULT_TAG, suggestNextTag } from './version-tags';

export type ReleaseRow = typeof functionReleases.$inferSelect;

export type NewRelease = {
  workspaceId: string;
  projectId: string;
  name: string;
  /** The tag asked for; undefined = the default for a new name. */
  versionTag: string | undefined;
  checksum: string;
  /** New bundle bytes (stored inside the same transaction) or the blob of an existing release (copy). */
  blob: { bytes: Buffer } | { id: string };
  argsSchema: string | null;
  definedCallbacks: string[];
  permissions: ReleaseRow['permissions'];
  /** Run limits below the platform's (e.g. a Gelato schema.json's memory and timeout); null = defaults. */
  limits?: ReleaseRow['limits'];
  /** Args (JSON object text) an executable gets when created without any (e.g. a Gelato userArgs.json). */
  defaultArgs?: string | null;
  createdBy: string | null;
  /**
   * An upload without an args schema keeps the one of the name's newest version, so a new version never
   * silently drops validation (docs/bundle-format.md). A copy brings its source's schema as it is.
   */
  inheritArgsSchema?: boolean;
};

/** Every tag ever used for a name in a project, deleted ones included (they stay reserved). */
async function takenTags(db: DbOrTx, projectId: string, name: string): Promise<string[]> {
  const rows = await db
    .select({ versionTag: functionReleases.versionTag })
    .from(functionReleases)
    .where(and(eq(functionReleases.projectId, projectId), eq(functionReleases.name, name)));
  return rows.map((r) => r.versionTag);
}

/** The args schema of the newest version still in use, or null. */
function newestArgsSchema(versions: ReleaseRow[]): string | null {
  const active = versions.filter((v) => !v.deletedAt);
  active.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  return active[0]?.argsSchema ?? null;
}

export async function versionReservation(db: DbOrTx, projectId: string, name: string) {
  const reservedVersionTags = ['latest', ...(await takenTags(db, projectId, name)).sort()];
  return { name, reservedVersionTags, suggestedVersionTag: suggestNextTag(reservedVersionTags) };
}

async function enforceUploadLimit(tx: DbOrTx, workspaceId: string) {
  const [workspace] = await tx
    .select({ plan: workspaces.plan })
    .from(workspaces)
    .where(eq(workspaces.id, workspaceId));
  const limit = PLANS[workspace.plan].functionUploadsPerCycle;
  if (limit === null) return;
  // The name lock only serialises one (project, name); uploads of other names in the workspace would count
  // the same rows at once and all pass. This second lock (always taken after the name lock, so the order is
  // fixed) serialises count-and-insert per workspace until the transaction ends.
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`function-uploads/${workspaceId}`}, 0))`,
  );
  const [{ n }] = await tx
    .select({ n: count() })
    .from(functionReleases)
    .where(
      and(
        eq(functionReleases.workspaceId, workspaceId),
        gte(functionReleases.createdAt, currentCycle().start),
      ),
    );
  if (n >= limit) {
    throw apiError(
      'plan_limit_exceeded',
      `the ${PLANS[workspace.plan].name} plan allows ${limit} function uploads per cycle`,
      {
        limit,
        used: n,
      },
    );
  }
}

/**
 * Creates a release under the version-tag rules, or returns the identical active one. Uploads and copies of
 * one (project, name) are serialised by a transaction-scoped advisory lock, so racing requests end with
 * exactly one release and no unique-violation 500s; on plans with an upload limit, a per-workspace lock
 * makes the limit check and the insert atomic too.
 */
/** How a new release came to be, for its audit event (an identical release found again records nothing). */
export type ReleaseAudit = {
  actor: Actor;
  action: 'function.uploaded' | 'function.copied';
  sourceId?: string;
};

export async function createRelease(
  db: DbOrTx,
  input: NewRelease,
  audit: ReleaseAudit,
): Promise<{ release: ReleaseRow; created: boolean }> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`${input.projectId}/${input.name}`}, 0))`,
    );
    const existing = await tx
      .select()
      .from(functionReleases)
      .where(and(eq(functionReleases.projectId, input.projectId), eq(functionReleases.name, input.name)));

    if (existing.length > 0 && input.versionTag === undefined) {
      const reserved = await versionReservation(tx, input.projectId, input.name);
      throw apiError('version_tag_required', `"${input.name}" already exists: give a versionTag`, {
        reservedVersionTags: reserved.reservedVersionTags,
        suggestedVersionTag: reserved.suggestedVersionTag,
      });
    }
    const versionTag = input.versionTag ?? DEFAULT_TAG;
    const sameTag = existing.find((r) => r.versionTag === versionTag);
    if (sameTag) {
      if (!sameTag.deletedAt && sameTag.checksum === input.checksum)
        return { release: sameTag, created: false };
      const reserved = await versionReservation(tx, input.projectId, input.name);
      throw apiError(
        'version_tag_conflict',
        sameTag.deletedAt
          ? `${input.name}@${versionTag} was deleted and stays reserved`
          : `${input.name}@${versionTag} already holds different code`,
        {
          reservedVersionTags: reserved.reservedVersionTags,
          suggestedVersionTag: reserved.suggestedVersionTag,
        },
      );
    }

    await enforceUploadLimit(tx, input.workspaceId);
    const { blob, inheritArgsSchema, ...fields } = input;
    if (fields.argsSchema === null && inheritArgsSchema) fields.argsSchema = newestArgsSchema(existing);
    const blobId = 'id' in blob ? blob.id : (await blobStore.put(tx, blob.bytes)).id;
    const [release] = await tx
      .insert(functionReleases)
      .values({ id: newId('functionRelease'), ...fields, blobId, versionTag })
      .returning();
    await recordAudit(tx, {
      workspaceId: input.workspaceId,
      actor: audit.actor,
      action: audit.action,
      target: { type: 'function', id: release.id },
      details: {
        name: release.name,
        versionTag,
        projectId: release.projectId,
        checksum: release.checksum,
        ...(audit.sourceId && { sourceId: audit.sourceId }),
      },
    });
    return { release, created: true };
  });
}
