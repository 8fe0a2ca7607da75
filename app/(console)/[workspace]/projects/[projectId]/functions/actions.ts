'use server';

import { getDb } from '@/db/client';
import { apiError } from '@/lib/api/errors';
import { takeRateLimit } from '@/lib/api/rate-limit';
import { type ActionContext, consoleAction } from '@/lib/console/workspace-action';
import type { BuiltRelease } from '@/lib/functions/build/build-release';
import { buildUploadedFolder } from '@/lib/functions/build/uploaded-folder';
import { versionReservation } from '@/lib/functions/releases';
import { CopyFunctionBody, FUNCTION_NAME_PATTERN, UploadData } from '@/lib/functions/schemas';
import { copyRelease, deleteRelease } from '@/lib/functions/service';
import { buildTemplate, findTemplate } from '@/lib/functions/templates';
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
    return { ...result, name: data.taskName, build: null };
  });
}

/** What the console's folder and template uploads answer: the release, and how it was built (`build`). */
async function uploadBuilt(
  context: ActionContext,
  projectId: string,
  input: { name: string; versionTag?: string; schema?: string },
  built: BuiltRelease,
) {
  const { user, workspace, actor } = context;
  const data = UploadData.parse({
    workspaceId: workspace.id,
    projectId,
    taskName: input.name,
    checkSum: built.checkSum,
    versionTag: input.versionTag,
    schema: input.schema,
  });
  const bytes = Buffer.from(built.zip);
  const definedCallbacks = await callbacksOfZip(bytes);
  const result = await uploadRelease(getDb(), { workspaceId: workspace.id, userId: user.id }, actor, {
    data: { ...data, ...(definedCallbacks.length > 0 && { definedCallbacks }) },
    bytes,
  });
  return { ...result, name: data.taskName, build: { adapter: built.adapter, warnings: built.warnings } };
}

/** Builds a workspace may start per minute: each one is esbuild on the server, refused or not. */
const BUILDS_PER_MINUTE = 10;

async function takeBuild(workspaceId: string) {
  const { allowed } = await takeRateLimit(`console-build:${workspaceId}`, getDb(), BUILDS_PER_MINUTE);
  if (!allowed) throw apiError('rate_limited', 'too many builds in this workspace; wait a minute');
}

/**
 * A task folder from the console (`folder`'s `blob` is a ZIP of its source: the browser zips a picked folder),
 * built on the server as `tickwork bundle` builds it, then uploaded as the CLI would.
 */
export async function uploadTaskFolderAction(
  workspaceSlug: string,
  projectId: string,
  input: Omit<UploadFormInput, 'checkSum'>,
  folder: FormData,
) {
  const revalidate = functionsPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async (context) => {
    const blob = folder.get('blob');
    if (!(blob instanceof Blob)) throw apiError('invalid_request', 'choose a task folder or a ZIP of one');
    await requireProject(getDb(), context.workspace.id, projectId);
    await takeBuild(context.workspace.id);
    const built = await buildUploadedFolder(Buffer.from(await blob.arrayBuffer()));
    return uploadBuilt(
      context,
      projectId,
      {
        name: input.name.trim(),
        versionTag: input.versionTag.trim() || undefined,
        schema: input.schema.trim() || undefined,
      },
      built,
    );
  });
}

/**
 * A release from a template of the gallery, in one click: named after the template, as its first version or,
 * when the name is taken in the project, as the next free version tag.
 */
export async function createFromTemplateAction(workspaceSlug: string, projectId: string, templateId: string) {
  const revalidate = functionsPath(workspaceSlug, projectId);
  return consoleAction(workspaceSlug, { revalidate }, async (context) => {
    const template = findTemplate(templateId);
    if (!template) throw apiError('not_found', 'no such template');
    await requireProject(getDb(), context.workspace.id, projectId);
    const reservation = await versionReservation(getDb(), projectId, template.id);
    await takeBuild(context.workspace.id);
    const built = await buildTemplate(template);
    return uploadBuilt(
      context,
      projectId,
      {
        name: template.id,
        versionTag: reservation.reservedVersionTags.length > 1 ? reservation.suggestedVersionTag : undefined,
      },
      built,
    );
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
