'use server';

import { cookies } from 'next/headers';
import { getDb } from '@/db/client';
import { consoleAction } from '@/lib/console/workspace-action';
import { CreateProjectBody, UpdateProjectBody } from '@/lib/projects/schemas';
import { createProject, deleteProject, projectContents, updateProject } from '@/lib/projects/service';
import { gettingStartedCookie } from '@/lib/workspaces/getting-started';

export type ProjectFormInput = { name: string; slug: string; description: string; environment: string };

const projectsPath = (workspaceSlug: string) => `/${workspaceSlug}/projects`;

export async function createProjectAction(workspaceSlug: string, input: ProjectFormInput) {
  const revalidate = projectsPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate }, async ({ workspace }) => {
    const body = CreateProjectBody.parse({
      name: input.name,
      slug: input.slug,
      description: input.description.trim() || undefined,
      environment: input.environment,
    });
    const project = await createProject(getDb(), workspace.id, body);
    return { id: project.id };
  });
}

export async function updateProjectAction(
  workspaceSlug: string,
  projectId: string,
  input: { name: string; description: string },
) {
  const revalidate = projectsPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate, layout: true }, async ({ workspace }) => {
    const body = UpdateProjectBody.parse({ name: input.name, description: input.description.trim() || null });
    await updateProject(getDb(), workspace.id, projectId, body);
    return null;
  });
}

/** What deleting the project takes with it, for the confirmation (owners and admins only). */
export async function projectContentsAction(workspaceSlug: string, projectId: string) {
  return consoleAction(workspaceSlug, {}, async ({ workspace }) =>
    projectContents(getDb(), workspace.id, projectId),
  );
}

/** Soft-deletes the project (console only; refused while an executable is active, see deleteProject). */
export async function deleteProjectAction(workspaceSlug: string, projectId: string) {
  const revalidate = projectsPath(workspaceSlug);
  return consoleAction(workspaceSlug, { revalidate, layout: true }, async ({ workspace, actor }) => {
    const project = await deleteProject(getDb(), workspace.id, projectId, actor);
    return { name: project.name };
  });
}

/** Hides the getting-started checklist of this workspace in this browser (a year-long cookie). */
export async function dismissGettingStartedAction(workspaceSlug: string) {
  const revalidate = projectsPath(workspaceSlug);
  return consoleAction(workspaceSlug, { allow: 'members', revalidate }, async ({ workspace }) => {
    (await cookies()).set(gettingStartedCookie(workspace.id), 'dismissed', {
      path: '/',
      maxAge: 365 * 24 * 60 * 60,
      sameSite: 'lax',
      httpOnly: true,
    });
    return null;
  });
}
