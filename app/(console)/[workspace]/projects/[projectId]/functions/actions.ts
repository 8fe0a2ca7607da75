'use server';

import { revalidatePath } from 'next/cache';
import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';
import { versionReservation } from '@/lib/functions/releases';
import { CopyFunctionBody, FUNCTION_NAME_PATTERN, UploadData } from '@/lib/functions/schemas';
import { copyRelease, deleteRelease } from '@/lib/functions/service';
import { uploadRelease } from '@/lib/functions/upload';
import { requireProject } from '@/lib/projects/service';
import { callbacksOfZip } from '@/lib/runtime/describe-task';

const functionsPath = (workspaceSlug: string, projectId: string) =>
  `/${workspaceSlug}/projects/${projectId}/functions`;

/** The tags a name has used in a project (deleted ones included) and the tag to suggest next. */
export async function versionReservationAction(workspaceSlug: string, projectId: string, name: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug);
    if (!FUNCTION_NAME_PATTERN.test(name)) throw apiError('invalid_request', 'not a function name');
    await requireProject(getDb(), workspace.id, projectId);
    const reservation = await versionReservation(getDb(), projectId, name);
    // `latest` is always reserved; anything more means the name exists (or existed) in the project.
    return { ...reservation, exists: reservation.reservedVersionTags.length > 1 };
  });
}

export type UploadFormInput = { name: string; versionTag: string; checkSum: string; schema: string };

/**
 * The console's upload: the same validation and service as `POST /api/task/upload`. The workspace comes from
 * the URL (checked against the session), never from the client; `bundle` carries the ZIP as `blob`.
 */
export async function uploadReleaseAction(
  workspaceSlug: string,
  projectId: string,
  input: UploadFormInput,
  bundle: FormData,
) {
  return runConsoleAction(async () => {
    const { user, workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const blob = bundle.get('blob');
    if (!(blob instanceof Blob)) throw apiError('invalid_request', 'choose a ZIP file to upload');
    const data = UploadData.parse({
      workspaceId: workspace.id,
      projectId,
      taskName: input.name.trim(),
      checkSum: input.checkSum,
      versionTag: input.versionTag.trim() || undefined,
      schema: input.schema.trim() || undefined,
    });
    const bytes = Buffer.from(await blob.arrayBuffer());
    // The callbacks the bundle defines, as `tickwork upload` detects them (the form has no field for them).
    const definedCallbacks = await callbacksOfZip(bytes);
    const result = await uploadRelease(
      getDb(),
      { workspaceId: workspace.id, userId: user.id },
      consoleActor(user),
      { data: { ...data, ...(definedCallbacks.length > 0 && { definedCallbacks }) }, bytes },
    );
    revalidatePath(functionsPath(workspaceSlug, projectId));
    return { ...result, name: data.taskName };
  });
}

export async function copyReleaseAction(
  workspaceSlug: string,
  projectId: string,
  functionId: string,
  input: { targetProjectId: string; name: string; versionTag: string },
) {
  return runConsoleAction(async () => {
    const { user, workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CopyFunctionBody.parse({
      targetProjectId: input.targetProjectId,
      name: input.name.trim() || undefined,
      versionTag: input.versionTag.trim() || undefined,
    });
    const db = getDb();
    const { release, created } = await copyRelease(
      db,
      { workspaceId: workspace.id, userId: user.id },
      consoleActor(user),
      functionId,
      body,
    );
    const target = await requireProject(db, workspace.id, release.projectId);
    revalidatePath(functionsPath(workspaceSlug, projectId));
    revalidatePath(functionsPath(workspaceSlug, release.projectId));
    return {
      created,
      id: release.id,
      name: release.name,
      versionTag: release.versionTag,
      project: { id: target.id, name: target.name },
    };
  });
}

export async function deleteReleaseAction(workspaceSlug: string, projectId: string, functionId: string) {
  return runConsoleAction(async () => {
    const { workspace, user } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const release = await deleteRelease(getDb(), workspace.id, consoleActor(user), functionId);
    revalidatePath(functionsPath(workspaceSlug, projectId));
    return { name: release.name, versionTag: release.versionTag };
  });
}
