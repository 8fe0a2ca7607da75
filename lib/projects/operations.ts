import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { CreateProjectBody, ProjectParams, ProjectSchema, UpdateProjectBody } from './schemas';

const tag = 'Projects';
const one = z.strictObject({ data: ProjectSchema });

export const listProjectsOp = defineOperation({
  method: 'GET',
  path: '/api/v1/projects',
  scope: 'projects:read',
  tag,
  summary: 'List the projects of the workspace',
  responses: { 200: z.strictObject({ data: z.array(ProjectSchema) }) },
});

export const createProjectOp = defineOperation({
  method: 'POST',
  path: '/api/v1/projects',
  scope: 'projects:write',
  tag,
  summary: 'Create a project (slug unique per workspace)',
  body: CreateProjectBody,
  responses: { 201: one },
});

export const getProjectOp = defineOperation({
  method: 'GET',
  path: '/api/v1/projects/{projectId}',
  scope: 'projects:read',
  tag,
  summary: 'Get a project',
  params: ProjectParams,
  responses: { 200: one },
});

export const updateProjectOp = defineOperation({
  method: 'PATCH',
  path: '/api/v1/projects/{projectId}',
  scope: 'projects:write',
  tag,
  summary: 'Rename a project or change its description',
  params: ProjectParams,
  body: UpdateProjectBody,
  responses: { 200: one },
});
