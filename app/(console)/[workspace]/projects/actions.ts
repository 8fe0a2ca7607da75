'use server';

import { revalidatePath } from 'next/cache';
import { cookies } from 'next/headers';
import { getDb } from '@/db/client';
import { consoleActor } from '@/lib/audit/actor';
import { requireWorkspaceAccess } from '@/lib/auth/console';
import { runConsoleAction } from '@/lib/console/action';
import { CreateProjectBody, UpdateProjectBody } from '@/lib/projects/schemas';
import { createProject, deleteProject, projectContents, updateProject } from '@/lib/projects/service';
import { gettingStartedCookie } from '@/lib/workspaces/getting-started';

export type ProjectFormInput = { name: string; slug: string; description: string; environment: string };

export async function createProjectAction(workspaceSlug: string, input: ProjectFormInput) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = CreateProjectBody.parse({
      name: input.name,
      slug: input.slug,
      description: input.description.trim() || undefined,
      environment: input.environment,
    });
    const project = await createProject(getDb(), workspace.id, body);
    revalidatePath(`/${workspaceSlug}/projects`);
    return { id: project.id };
  });
}

export async function updateProjectAction(
  workspaceSlug: string,
  projectId: string,
  input: { name: string; description: string },
) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const body = UpdateProjectBody.parse({ name: input.name, description: input.description.trim() || null });
    await updateProject(getDb(), workspace.id, projectId, body);
    revalidatePath(`/${workspaceSlug}/projects`, 'layout');
    return null;
  });
}

/** What deleting the project takes with it, for the confirmation (owners and admins only). */
export async function projectContentsAction(workspaceSlug: string, projectId: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    return projectContents(getDb(), workspace.id, projectId);
  });
}

/** Soft-deletes the project (console only; refused while an executable is active, see deleteProject). */
export async function deleteProjectAction(workspaceSlug: string, projectId: string) {
  return runConsoleAction(async () => {
    const { user, workspace } = await requireWorkspaceAccess(workspaceSlug, { mutation: true });
    const project = await deleteProject(getDb(), workspace.id, projectId, consoleActor(user));
    revalidatePath(`/${workspaceSlug}/projects`, 'layout');
    return { name: project.name };
  });
}

/** Hides the getting-started checklist of this workspace in this browser (a year-long cookie). */
export async function dismissGettingStartedAction(workspaceSlug: string) {
  return runConsoleAction(async () => {
    const { workspace } = await requireWorkspaceAccess(workspaceSlug);
    (await cookies()).set(gettingStartedCookie(workspace.id), 'dismissed', {
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
      sameSite: 'lax',
      httpOnly: true,
    });
    revalidatePath(`/${workspaceSlug}/projects`);
    return null;
  });
}
