import { getDb } from '@/db/client';
import { ok } from '@/lib/api/reply';
import { otherMethods, route } from '@/lib/api/route';
import { getProjectOp, updateProjectOp } from '@/lib/projects/operations';
import { requireProject, toProject, updateProject } from '@/lib/projects/service';

// GET /api/v1/projects/{projectId} — one project
export const GET = route(getProjectOp, async ({ principal, params }) =>
  ok(toProject(await requireProject(getDb(), principal.workspaceId, params.projectId))),
);

// PATCH /api/v1/projects/{projectId} — rename or re-describe
export const PATCH = route(updateProjectOp, async ({ principal, params, body }) =>
  ok(await updateProject(getDb(), principal.workspaceId, params.projectId, body)),
);

// Other methods: 405 in the API's error shape
export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
