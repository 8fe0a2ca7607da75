'use server';

import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { consoleAction } from '@/lib/console/workspace-action';
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
  return consoleAction(workspaceSlug, { allow: 'members' }, async ({ workspace }) => {
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
  const revalidate = functionsPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ user, workspace, actor }) => {
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
    const result = await uploadRelease(getDb(), { workspaceId: workspace.id, userId: user.id }, actor, {
      data: { ...data, ...(definedCallbacks.length > 0 && { definedCallbacks }) },
      bytes,
    });
    return { ...result, name: data.taskName };
  });
}

export async function copyReleaseAction(
  workspaceSlug: string,
  projectId: string,
  functionId: string,
  input: { targetProjectId: string; name: string; versionTag: string },
) {
  // the source project's list and the target's, which the copy lands in
  const revalidate = (copied: { project: { id: string } }) => [
    functionsPath(workspaceSlug, projectId),
    functionsPath(workspaceSlug, copied.project.id),
  ];
  return consoleAction(workspaceSlug, { revalidate }, async ({ user, workspace, actor }) => {
    const body = CopyFunctionBody.parse({
      targetProjectId: input.targetProjectId,
      name: input.name.trim() || undefined,
      versionTag: input.versionTag.trim() || undefined,
    });
    const db = getDb();
    const { release, created } = await copyRelease(
      db,
      { workspaceId: workspace.id, userId: user.id },
      actor,
      functionId,
      body,
    );
    const target = await requireProject(db, workspace.id, release.projectId);
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
  const revalidate = functionsPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace, actor }) => {
    const release = await deleteRelease(getDb(), workspace.id, actor, functionId);
    return { name: release.name, versionTag: release.versionTag };
  });
}
