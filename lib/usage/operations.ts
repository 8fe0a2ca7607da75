import { z } from 'zod';
import { defineOperation } from '@/lib/api/operation';
import { UsageSchema } from './schemas';

export const getUsageOp = defineOperation({
  method: 'GET',
  path: '/api/v1/usage',
  scope: 'usage:read',
  tag: 'Usage',
  summary: 'Current Functions cycle usage and projection of the workspace',
  responses: { 200: z.strictObject({ data: UsageSchema }) },
});
