import { z } from 'zod';
import { PROJECT_ENVIRONMENTS } from '@/db/enums';
import { SLUG_PATTERN } from '@/lib/slug';

export const ProjectSchema = z
  .strictObject({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    environment: z.enum(PROJECT_ENVIRONMENTS),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Project' });
export type ProjectRecord = z.output<typeof ProjectSchema>;

const name = z.string().trim().min(1).max(100);
const description = z.string().max(1000);

export const CreateProjectBody = z
  .object({
    name,
    slug: z.string().regex(SLUG_PATTERN, 'lowercase letters, digits and inner hyphens, 1 to 48 characters'),
    description: description.optional(),
    environment: z.enum(PROJECT_ENVIRONMENTS).optional(),
  })
  .strict()
  .meta({ id: 'CreateProjectRequest' });

export const UpdateProjectBody = z
  .object({ name: name.optional(), description: description.nullable().optional() })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined, {
    message: 'give name and/or description',
  })
  .meta({ id: 'UpdateProjectRequest' });

export const ProjectParams = z.object({ projectId: z.string() });

export type CreateProjectInput = z.infer<typeof CreateProjectBody>;
export type UpdateProjectInput = z.infer<typeof UpdateProjectBody>;
