import { and, desc, eq, isNull, lt, ne } from 'drizzle-orm';
import type { DbOrTx } from '@/db/client';
import { blobs, executables, functionReleases } from '@/db/schema';
import { apiError, notFound } from '@/lib/api/errors';
import { decodeCursor, toPage } from '@/lib/api/pagination';
import type { Actor } from '@/lib/audit/actor';
import { recordAudit } from '@/lib/audit/log';
import { blobStore } from '@/lib/blobs/store';
import { inLiveProject, requireProject } from '@/lib/projects/service';
import { inspectBundle } from './bundle';
import { createRelease, type ReleaseRow, versionReservation } from './releases';
import type { FunctionSourceRecord, ReleaseRecord } from './schemas';

type ReleaseWithSize = ReleaseRow & { size: number };

export const toRelease = (r: ReleaseWithSize): ReleaseRecord => ({
  id: r.id,
  projectId: r.projectId,
  name: r.name,
  versionTag: r.versionTag,
  checksum: r.checksum,
  size: r.size,
  schema: r.argsSchema,
  definedCallbacks: r.definedCallbacks,
  permissions: r.permissions,
  limits: r.limits ?? null,
  defaultArgs: r.defaultArgs ?? null,
  state: r.deletedAt ? ('deleted' as const) : ('active' as const),
  createdAt: r.createdAt.toISOString(),
  deletedAt: r.deletedAt?.toISOString() ?? null,
});

const withSize = { release: functionReleases, size: blobs.size };
const flatten = (row: { release: ReleaseRow; size: number }): ReleaseWithSize => ({
  ...row.release,
  size: row.size,
});

/** Active releases of a project, newest first; with `name`, also the version-reservation metadata. */
export async function listReleases(
  db: DbOrTx,
  workspaceId: string,
  opts: { projectId: string; name?: string; limit: number; cursor?: string },
) {
  await requireProject(db, workspaceId, opts.projectId);
  const after = decodeCursor(opts.cursor);
  const rows = await db
    .select(withSize)
    .from(functionReleases)
    .innerJoin(blobs, eq(blobs.id, functionReleases.blobId))
    .where(
      and(
        eq(functionReleases.projectId, opts.projectId),
        isNull(functionReleases.deletedAt),
        opts.name ? eq(functionReleases.name, opts.name) : undefined,
        after ? lt(functionReleases.id, after) : undefined,
      ),
    )
    .orderBy(desc(functionReleases.id))
    .limit(opts.limit + 1);
  const page = toPage(rows.map(flatten), opts.limit);
  const result = { ...page, data: page.data.map(toRelease) };
  return opts.name
    ? { ...result, versionReservation: await versionReservation(db, opts.projectId, opts.name) }
    : result;
}

/** A release of the workspace, deleted or not (404 for unknown ids and other workspaces). */
export async function requireRelease(
  db: DbOrTx,
  workspaceId: string,
  functionId: string,
): Promise<ReleaseWithSize> {
  const [row] = await db
    .select(withSize)
    .from(functionReleases)
    .innerJoin(blobs, eq(blobs.id, functionReleases.blobId))
    .where(
      and(
        eq(functionReleases.id, functionId),
        eq(functionReleases.workspaceId, workspaceId),
        inLiveProject(functionReleases.projectId),
      ),
    );
  if (!row) throw notFound('function');
  return flatten(row);
}

/** Soft delete; the tag stays reserved. Refused while a non-deleted executable runs this release. */
export async function deleteRelease(db: DbOrTx, workspaceId: string, actor: Actor, functionId: string) {
  const release = await requireRelease(db, workspaceId, functionId);
  if (release.deletedAt) throw notFound('function');
  const users = await db
    .select({ id: executables.id })
    .from(executables)
    .where(and(eq(executables.functionId, functionId), ne(executables.state, 'deleted')))
    .limit(5);
  if (users.length > 0) {
    throw apiError('function_in_use', 'executables still use this release; switch or delete them first', {
      executableIds: users.map((u) => u.id),
    });
  }
  const deleted = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(functionReleases)
      .set({ deletedAt: new Date() })
      .where(and(eq(functionReleases.id, functionId), isNull(functionReleases.deletedAt)))
      .returning();
    if (!row) throw notFound('function');
    await recordAudit(tx, {
      workspaceId,
      actor,
      action: 'function.deleted',
      target: { type: 'function', id: row.id },
      details: { name: row.name, versionTag: row.versionTag, projectId: row.projectId },
    });
    return row;
  });
  return toRelease({ ...deleted, size: release.size });
}

/** The files of the bundle: UTF-8 text as is, anything else base64. */
export async function readSource(
  db: DbOrTx,
  workspaceId: string,
  functionId: string,
): Promise<FunctionSourceRecord> {
  const release = await requireRelease(db, workspaceId, functionId);
  const bytes = await blobStore.get(db, release.blobId);
  if (!bytes) throw new Error(`blob ${release.blobId} of ${release.id} is missing`);
  const { files } = await inspectBundle(bytes);
  // ignoreBOM: keep a leading BOM in the text, so utf8 files come back byte-identical
  const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  return {
    id: release.id,
    checksum: release.checksum,
    files: [...files].map(([path, content]) => {
      try {
        return { path, size: content.length, encoding: 'utf8' as const, content: decoder.decode(content) };
      } catch {
        return {
          path,
          size: content.length,
          encoding: 'base64' as const,
          content: content.toString('base64'),
        };
      }
    }),
  };
}

/** Copies an active release into a project of the same workspace under the version-tag rules. */
export async function copyRelease(
  db: DbOrTx,
  principal: { workspaceId: string; userId: string },
  actor: Actor,
  functionId: string,
  input: { targetProjectId: string; name?: string; versionTag?: string },
) {
  const source = await requireRelease(db, principal.workspaceId, functionId);
  if (source.deletedAt) throw apiError('function_deleted', 'a deleted release cannot be copied');
  await requireProject(db, principal.workspaceId, input.targetProjectId);
  const { release, created } = await createRelease(
    db,
    {
      workspaceId: principal.workspaceId,
      projectId: input.targetProjectId,
      name: input.name ?? source.name,
      versionTag: input.versionTag,
      checksum: source.checksum,
      blob: { id: source.blobId },
      argsSchema: source.argsSchema,
      definedCallbacks: source.definedCallbacks,
      permissions: source.permissions,
      limits: source.limits,
      defaultArgs: source.defaultArgs,
      createdBy: principal.userId,
    },
    { actor, action: 'function.copied', sourceId: source.id },
  );
  return { release: toRelease({ ...release, size: source.size }), created };
}
