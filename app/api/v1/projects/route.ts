import { getDb } from '@/db/client';
import { created, ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { createProjectOp, listProjectsOp } from '@/lib/projects/operations';
import { createProject, listProjects } from '@/lib/projects/service';

// GET /api/v1/projects — the workspace's projects
export const GET = route(listProjectsOp, async ({ principal }) =>
  ok(await listProjects(getDb(), principal.workspaceId)),
);

// POST /api/v1/projects — create a project
export const POST = route(createProjectOp, async ({ principal, body }) =>
  created(await createProject(getDb(), principal.workspaceId, body)),
);

// Other methods: 405 in the API's error shape
export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
